/**
 * The page behind an open sheet, made `inert` the way `showModal()` does it for a native
 * dialog: everything but the sheet can be neither focused, clicked nor read by assistive
 * technology. Sheets are stacked: only the newest open one stays live (an older sheet
 * becomes inert behind it and live again when it closes), so concurrent or nested sheets
 * never un-inert each other. Only elements this module made inert are ever restored;
 * an element the page had made inert itself stays as it was.
 */

/** Elements that draw nothing: left alone. */
const UNRENDERED = new Set(['head', 'link', 'meta', 'noscript', 'script', 'style', 'template']);

/** Sheets holding the page inert, oldest first (one entry per call: a sheet may hold twice). */
const holds: Array<{ sheet: Element }> = [];
/** What this module set `inert` on (each had none before). */
const ours = new Set<Element>();
let observer: MutationObserver | undefined;

/**
 * Makes everything outside `sheet` inert: the siblings of `sheet` and of each of its
 * ancestors up to `<body>`, through shadow roots; elements added there later too.
 * Returns the release function (idempotent).
 */
export function inertOutside(sheet: Element): () => void {
  const hold = { sheet };
  holds.push(hold);
  refresh();
  return () => {
    const at = holds.indexOf(hold);
    if (at < 0) return;
    holds.splice(at, 1);
    refresh();
  };
}

/** Applies the set for the newest sheet still in the page, and undoes the rest. */
function refresh(): void {
  const top = holds.findLast((hold) => hold.sheet.isConnected);
  const path = top ? containers(top.sheet) : [];
  const wanted = new Set<Element>();
  for (const [container, child] of path) {
    for (const sibling of container.children) {
      if (sibling !== child && !UNRENDERED.has(sibling.localName)) wanted.add(sibling);
    }
  }
  for (const el of ours) {
    if (wanted.has(el)) continue;
    ours.delete(el);
    el.removeAttribute('inert');
  }
  for (const el of wanted) {
    if (ours.has(el) || el.hasAttribute('inert')) continue;
    ours.add(el);
    el.setAttribute('inert', '');
  }
  watch(path.map(([container]) => container));
}

/** Each container from the sheet's parent up to `<body>`, with the child on the way to the sheet. */
function containers(sheet: Element): Array<[ParentNode, Element]> {
  const path: Array<[ParentNode, Element]> = [];
  for (let child = sheet; child !== document.body;) {
    const parent = child.parentNode;
    if (!parent || parent === document.documentElement || parent === document) break;
    path.push([parent, child]);
    if (parent instanceof ShadowRoot) child = parent.host;
    else if (parent instanceof Element) child = parent;
    else break;
  }
  return path;
}

/** Elements added beside the path later (another portal, a toast) become inert too. */
function watch(path: ParentNode[]): void {
  observer?.disconnect();
  if (path.length === 0) return;
  observer ??= new MutationObserver(refresh);
  for (const container of path) observer.observe(container, { childList: true });
}
