import { css } from 'lit';

/** `<mcp-call-progress>`: one quiet line with a bar, in the kit's tokens. */
export const callProgressStyles = css`
  :host {
    display: block;
  }
  .progress {
    display: grid;
    gap: 4px;
    padding: 8px 12px;
    border-radius: var(--_radius);
    background: var(--_surface-container);
    color: var(--_on-surface);
    font-size: 0.875rem;
    line-height: 1.4;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    justify-content: space-between;
  }
  .label {
    overflow-wrap: anywhere;
  }
  .count {
    color: var(--_on-surface-variant);
    font-variant-numeric: tabular-nums;
  }
  .bar {
    height: 4px;
    border-radius: 2px;
    background: var(--_outline-variant);
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: var(--_primary);
  }
  .bar:not([aria-valuenow]) .fill {
    width: 30%;
    animation: slide 1.2s ease-in-out infinite;
  }
  @keyframes slide {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(340%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .bar:not([aria-valuenow]) .fill {
      animation: none;
      width: 100%;
      opacity: 0.4;
    }
  }
  .message {
    color: var(--_on-surface-variant);
    overflow-wrap: anywhere;
  }
  .message-text {
    color: var(--_on-surface);
  }
`;
