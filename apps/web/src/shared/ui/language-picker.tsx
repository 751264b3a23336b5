import { CheckOutline, GlobalOutline } from 'antd-mobile-icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../stores/language.ts';
import { Sheet } from './sheet.tsx';

/** The layouts' language picker: the languages of `GET language/list`, with their flags. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { language, languages, setLanguage } = useLanguageStore();
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="tool"
        data-testid="language-picker"
        aria-label={t('shell.tools.language')}
        onClick={() => setOpen(true)}
      >
        <GlobalOutline />
      </button>
      <Sheet open={open} onClose={close} title={t('shell.tools.language')} testId="language-sheet">
        <ul className="option-list">
          {languages.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className="option"
                data-testid={`language-option-${item.key}`}
                aria-pressed={item.key === language}
                onClick={() => {
                  setLanguage(item.key);
                  close();
                }}
              >
                <img src={item.src} alt="" width={24} height={18} className="flag" />
                <span lang={item.key}>{item.label}</span>
                {item.key === language && <CheckOutline className="option-check" />}
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </>
  );
}
