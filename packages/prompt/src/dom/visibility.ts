/**
 * Calls `callback` whenever the page becomes visible again (a tab switch, an unlocked
 * screen): the sheet restarts its model's input guard then, so a click aimed at the
 * page the user came back to cannot answer. Returns the unsubscribe function.
 */
export function onPageVisible(callback: () => void): () => void {
  const onChange = () => {
    if (document.visibilityState === 'visible') callback();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
