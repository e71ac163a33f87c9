import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('sonner', () => ({
  toast: Object.assign((m: string) => shown.push(`plain:${m}`), {
    success: (m: string) => shown.push(`success:${m}`),
    error: (m: string) => shown.push(`error:${m}`),
    info: (m: string) => shown.push(`info:${m}`),
    warning: (m: string) => shown.push(`warning:${m}`),
  }),
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('toast', () => {
  it('holds toasts asked for before the toaster mounted, then shows them in order; later ones at once', async () => {
    const { toast, markToasterMounted } = await import('./toast.ts');
    toast.success('Saved');
    toast.error('Could not save');
    await settle();
    // sonner's toaster only shows toasts made after it mounted: none may be handed over yet.
    expect(shown).toEqual([]);

    markToasterMounted();
    await settle();
    expect(shown).toEqual(['success:Saved', 'error:Could not save']);

    toast('Hello');
    toast.info('FYI');
    await settle();
    expect(shown).toEqual(['success:Saved', 'error:Could not save', 'plain:Hello', 'info:FYI']);
  });
});
