/** Polls until `check` returns true; the scenarios wait on what the user would see, never on time. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  tries = 2000,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}
