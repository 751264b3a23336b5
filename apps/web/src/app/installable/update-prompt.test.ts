import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n.ts';
import { showUpdatePrompt } from './update-prompt.ts';

const prompt = () => document.querySelector<HTMLElement>('[data-testid="update-prompt"]');
const buttons = () => [...(prompt()?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

afterEach(async () => {
  prompt()?.remove();
  await applyLanguage('en');
});

describe('the update prompt', () => {
  it('says a new version is available in the language shown, with Later and Reload', async () => {
    await applyLanguage('ja');
    await showUpdatePrompt(() => undefined);
    expect(prompt()?.getAttribute('role')).toBe('status');
    expect(prompt()?.querySelector('p')?.textContent).toBe('Soar の新しいバージョンがあります。');
    expect(buttons()).toEqual(['後で', '再読み込み']);
  });

  it('follows a language picked while it shows', async () => {
    await showUpdatePrompt(() => undefined);
    expect(prompt()?.querySelector('p')?.textContent).toBe('A new version of Soar is available.');
    await applyLanguage('de');
    await vi.waitFor(() => expect(buttons()).toEqual(['Später', 'Neu laden']));
    expect(prompt()?.querySelector('p')?.textContent).toBe('Eine neue Version von Soar ist verfügbar.');
  });

  it('Reload runs the update once; Later hides the prompt, and only one prompt shows at a time', async () => {
    const reload = vi.fn();
    await showUpdatePrompt(reload);
    await showUpdatePrompt(reload);
    expect(document.querySelectorAll('[data-testid="update-prompt"]')).toHaveLength(1);
    const [later, accept] = [...(prompt()?.querySelectorAll('button') ?? [])];
    accept?.click();
    accept?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(accept?.disabled).toBe(true);
    later?.click();
    expect(prompt()).toBeNull();
  });
});
