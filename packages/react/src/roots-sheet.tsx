import type { RootsCall, RootsResult } from '@mcp-consent/prompt';
import { useIsClient } from './dom.js';
import { useConsentSnapshot } from './hooks/prompt-hooks.js';
import { useLatest } from './hooks/use-model.js';
import { useConsent } from './provider.js';
import { RootsFrame } from './roots-frame.js';
import { SheetBoundary } from './sheet-boundary.js';
import { layerOptions, type SheetPresentationProps } from './sheet-layer.js';

export interface RootsSheetProps extends SheetPresentationProps {
  /** Called once with the user's answer. @default undefined */
  onResult?: (result: RootsResult, call: RootsCall) => void;
  /** @default the provider's setting, else true */
  injectStyles?: boolean;
  /** @default the provider's */
  nonce?: string;
}

/**
 * A server's `roots/list` (which of the host's roots it may see), in the same sheet as the
 * other prompts: it shows the head of the provider's one queue when that is a roots request
 * (`useRoots()` asks), so it never shows at the same time as another prompt. A sheet that
 * cannot render shares nothing. Nothing on the server.
 */
export function RootsSheet(props: RootsSheetProps) {
  const context = useConsent();
  const { current } = useConsentSnapshot(context.presenter);
  const onResult = useLatest(props.onResult);
  if (!useIsClient() || current?.kind !== 'roots') return null;
  const { id, call } = current;
  return (
    <SheetBoundary key={id} onError={(error) => context.presenter.fail(id, error)}>
      <RootsFrame
        {...layerOptions(props, context)}
        model={current.model}
        id={id}
        onAnswered={(result) => onResult.current?.(result, call)}
      />
    </SheetBoundary>
  );
}
