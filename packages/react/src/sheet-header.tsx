import type { MouseEvent, ReactNode } from 'react';
import type { PartProps } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { CloseIcon, ToolIcon, TrustedIcon, UntrustedIcon } from './icons.js';

/** The header parts every sheet's model hands out (permission, dry run, elicitation). */
export interface SheetHeaderProps {
  props: {
    header?: PartProps;
    title?: PartProps;
    close?: PartProps;
    'server-chip'?: PartProps;
    trust?: PartProps;
  };
  title: string;
  /** The server chip; the permission sheet shows it in its "From the server" box instead. */
  server?: { from: string; trustLabel: string };
  onClose: (event: MouseEvent) => void;
  /** Beside the title, before the close button (the queue position). */
  titleExtra?: ReactNode;
  /** After the server chip and the badges: the result review's tool and its tier. */
  tool?: ReactNode;
  /** After the server chip (the risk badge). */
  meta?: ReactNode;
}

/**
 * The header the Lit sheets draw too: a title row with the close button, the server chip (with
 * its trust shield inside) and the badges, then the tool row where the sheet has one.
 */
export function SheetHeader({
  props,
  title,
  server,
  onClose,
  titleExtra,
  tool,
  meta,
}: SheetHeaderProps) {
  return (
    <div {...p(props.header)}>
      <div className="mcp-consent-title-row">
        <h2 {...p(props.title)}>{title}</h2>
        {titleExtra}
        <button {...p(props.close)} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="mcp-consent-meta">
        {server ? <ServerChip props={props} server={server} /> : null}
        {meta}
      </div>
      {tool}
    </div>
  );
}

/** "From <server>" with the trust shield inside. */
export function ServerChip({
  props,
  server,
}: {
  props: SheetHeaderProps['props'];
  server: NonNullable<SheetHeaderProps['server']>;
}) {
  return (
    <span {...p(props['server-chip'])}>
      <span>{server.from}</span>
      <span {...p(props.trust)}>
        <TrustedIcon />
        <UntrustedIcon />
        {server.trustLabel}
      </span>
    </span>
  );
}

/** The tool row: a decorative icon (the tool's own when given), then the tool's name (and title). */
export function ToolRow({
  icon,
  image,
  children,
}: {
  icon?: PartProps;
  image?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mcp-consent-tool">
      <span {...(icon ? p(icon) : { 'aria-hidden': 'true' })} className="mcp-consent-tool-icon">
        {image ?? <ToolIcon />}
      </span>
      <div className="mcp-consent-tool-text">{children}</div>
    </div>
  );
}
