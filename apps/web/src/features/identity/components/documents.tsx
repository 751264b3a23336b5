import { documentNames } from '@soar/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useDocument } from '../api.ts';
import styles from '../identity.module.css';
import { BackButtonLink } from './back-link.tsx';

type DocumentName = (typeof documentNames)[number];

/**
 * `/pages/webview/index?name=terms`: the product's own documents from the server, in the
 * member's language. Only these names open; any other address (an outside URL included) shows
 * the list of documents instead.
 */
export function DocumentView({ name }: { name: string | undefined }) {
  const { t, i18n } = useTranslation();
  const known = documentNames.find((item) => item === name);
  if (!known) {
    return (
      <div className={styles.page} data-testid="documents">
        <BackButtonLink />
        {name && <p className={styles.hint}>{t('webview.notFound')}</p>}
        <h1 className="page-title">{t('webview.documents')}</h1>
        <DocumentLinks />
      </div>
    );
  }
  return <Document name={known} language={i18n.language} />;
}

function Document({ name, language }: { name: DocumentName; language: string }) {
  const { data } = useDocument(name, language);
  return (
    <article className={styles.page} data-testid="document">
      <BackButtonLink />
      {!data ? (
        <Spinner />
      ) : (
        <>
          <h1 className="page-title">{data.title}</h1>
          {data.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </>
      )}
    </article>
  );
}

export function DocumentLinks() {
  const { t } = useTranslation();
  return (
    <ul className={styles.docLinks}>
      {documentNames.map((name) => (
        <li key={name}>
          <a href={`#/pages/webview/index?name=${name}`} data-testid={`doc-${name}`}>
            {t(`document.${name}.title`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
