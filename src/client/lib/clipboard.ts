/**
 * Copies text; false when the browser offers no clipboard here (insecure origin, permission refused,
 * document not focused), so the caller can show the text to copy by hand instead.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!globalThis.navigator?.clipboard?.writeText) return false;
    await globalThis.navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
