import { useTranslation } from 'react-i18next';

/**
 * The audit log's entities and actions in words (`audit.entities.kyc`, `audit.actions.deposit.review`);
 * one with no label yet shows its raw key rather than nothing.
 */
export function useAuditLabels() {
  const { t } = useTranslation();
  const text = (key: string, fallback: string) => {
    const value: unknown = t(key, { returnObjects: true, defaultValue: fallback });
    return typeof value === 'string' ? value : fallback;
  };
  return {
    entity: (entity: string) => text(`audit.entities.${entity}`, entity),
    action: (action: string) => text(`audit.actions.${action}`, action),
  };
}
