import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm, hideLoading, showLoading, toast } from './feedback.ts';
import { applyLanguage } from './i18n.ts';

afterEach(async () => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  await applyLanguage('en');
});

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.modal-button')];

describe('toast', () => {
  it('shows for 1,500 ms by default', () => {
    vi.useFakeTimers();
    toast('Saved');
    expect(document.querySelector('.toast')?.textContent).toBe('Saved');
    vi.advanceTimersByTime(1499);
    expect(document.querySelector('.toast')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('keeps the loading toast until every caller has hidden it', () => {
    showLoading();
    showLoading();
    hideLoading();
    expect(document.querySelector('.toast-loading')?.textContent).toBe('Loading…');
    hideLoading();
    expect(document.querySelector('.toast-loading')).toBeNull();
  });
});

describe('confirm', () => {
  it('resolves true on confirm and false on cancel, with localised default texts', async () => {
    const first = confirm({ content: 'Delete?' });
    expect(buttons().map((button) => button.textContent)).toEqual(['Cancel', 'OK']);
    buttons()[1]?.click();
    await expect(first).resolves.toBe(true);
    const second = confirm({ content: 'Delete?' });
    buttons()[0]?.click();
    await expect(second).resolves.toBe(false);
    expect(document.querySelector('.modal-root')).toBeNull();
  });

  it('uses 确定 as the confirm text in Simplified Chinese only', async () => {
    await applyLanguage('zh-CN');
    const answer = confirm({ content: '删除？' });
    expect(buttons().map((button) => button.textContent)).toEqual(['取消', '确定']);
    buttons()[1]?.click();
    await answer;
    await applyLanguage('de');
    const german = alert({ content: 'Hinweis' });
    expect(buttons().map((button) => button.textContent)).toEqual(['OK']);
    buttons()[0]?.click();
    await german;
  });
});
