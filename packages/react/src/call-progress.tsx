import { useMemo } from 'react';
import { connectCallProgress, type CallProgress as CallProgressReport } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { useOptionalConsent } from './provider.js';
import { ConsentStyles, type ColorScheme } from './sheet-layer.js';

export interface CallProgressProps {
  /** The latest report of the running call (`guardClient`'s `onProgress`); null shows nothing. */
  progress: CallProgressReport | null | undefined;
  /** @default the provider's locale */
  locale?: string | readonly string[];
  /** @default 'auto' */
  colorScheme?: ColorScheme;
}

/**
 * The status of an allowed call while it runs: which tool, how far (a bar when the server gives
 * a total) and the server's latest note under the kit's label. A polite live region; the same
 * model and parts as the Lit `<mcp-call-progress>` and the Ink `<CallProgress>`.
 */
export function CallProgress(props: CallProgressProps) {
  const context = useOptionalConsent();
  const locale = props.locale ?? context?.locale;
  const { progress } = props;
  const api = useMemo(
    () => (progress ? connectCallProgress({ progress, locale }) : null),
    [progress, locale],
  );
  if (!api) return null;
  return (
    <div
      {...p(api.props.progress)}
      className="mcp-consent-theme mcp-consent-progress"
      data-color-scheme={props.colorScheme ?? 'auto'}
    >
      {(context?.injectStyles ?? true) ? <ConsentStyles nonce={context?.nonce} /> : null}
      <div className="mcp-consent-progress-row">
        <span {...p(api.props.label)} className="mcp-consent-progress-label">
          {api.label}
        </span>
        <span {...p(api.props.count)} className="mcp-consent-progress-count">
          {api.count}
        </span>
      </div>
      <div {...p(api.props.bar)} className="mcp-consent-progress-bar">
        <div
          className="mcp-consent-progress-fill"
          style={api.percent === null ? undefined : { width: `${api.percent}%` }}
        />
      </div>
      {api.message ? (
        <p {...p(api.props.message)} className="mcp-consent-progress-message">
          {api.message.label} <span className="mcp-consent-progress-note">{api.message.text}</span>
        </p>
      ) : null}
    </div>
  );
}
