import { svg, type SVGTemplateResult } from 'lit';

/** Decorative icons (always inside `aria-hidden` parts or labelled buttons). */
export const toolIcon: SVGTemplateResult = svg`<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M22.7 19.3 13.6 10.2a6 6 0 0 0-7.9-7.6l3.9 3.9-2.8 2.8-4-3.9a6 6 0 0 0 7.6 7.9l9.1 9.1a1 1 0 0 0 1.4 0l1.8-1.8a1 1 0 0 0 0-1.3Z"/></svg>`;

export const closeIcon: SVGTemplateResult = svg`<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z"/></svg>`;

export const trustedIcon: SVGTemplateResult = svg`<svg class="trusted-icon" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"/></svg>`;

export const untrustedIcon: SVGTemplateResult = svg`<svg class="untrusted-icon" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z"/></svg>`;

export const linkIcon: SVGTemplateResult = svg`<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0ZM8.5 18.4a3.5 3.5 0 0 1-2.5-6l2.1-2.1a1 1 0 0 1 1.4 1.4l-2.1 2.1a1.5 1.5 0 0 0 2.1 2.1l2.1-2.1a1 1 0 0 1 1.4 1.4L11 17.4a3.5 3.5 0 0 1-2.5 1Zm7.4-4.3a1 1 0 0 1-.7-1.7l2.1-2.1a1.5 1.5 0 0 0-2.1-2.1l-2.1 2.1a1 1 0 1 1-1.4-1.4L13.8 6.6a3.5 3.5 0 0 1 5 5l-2.2 2.2a1 1 0 0 1-.7.3Z"/></svg>`;
