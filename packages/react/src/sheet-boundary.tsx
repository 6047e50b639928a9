import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface SheetBoundaryProps {
  /** Settles the shown item on the safe side (`presenter.fail(id)`, Deny once, cancel). */
  onError: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Around one shown item (keyed by its id): a sheet that cannot render must not leave its
 * request waiting for an answer nobody can give, so the error settles it fail-closed and
 * the sheet renders nothing; the next item gets a fresh boundary.
 */
export class SheetBoundary extends Component<SheetBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
