import { toast as sonnerToast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasRaisedToast, onFirstToast, toast } from './toast.ts';

afterEach(() => {
  sonnerToast.dismiss();
});

describe('toast', () => {
  it('tells the toast area to mount at the first toast, once, and hands every toast to it', async () => {
    const mount = vi.fn();
    const stop = onFirstToast(mount);
    expect(hasRaisedToast()).toBe(false);

    toast({ title: 'Saved' });
    toast({ title: 'Saved again', description: 'Twice' });
    expect(mount).toHaveBeenCalledTimes(1);
    expect(hasRaisedToast()).toBe(true);
    stop();

    await vi.dynamicImportSettled();
    expect(sonnerToast.getToasts()).toMatchObject([{ title: 'Saved again', description: 'Twice' }]);
  });

  it('keeps a toast that offers an action (Undo) on screen for at least 10 s, with its button', async () => {
    const onClick = vi.fn();
    toast({ title: 'Status updated', action: { label: 'Undo', onClick } });

    await vi.dynamicImportSettled();
    const [shown] = sonnerToast.getToasts();
    expect(shown).toMatchObject({ title: 'Status updated', action: { label: 'Undo' } });
    expect((shown as { duration?: number }).duration).toBeGreaterThanOrEqual(10_000);
  });
});
