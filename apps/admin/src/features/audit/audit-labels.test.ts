import { auditEntities } from '@soar/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import zhCN from '../../locales/zh-CN.json';

describe('audit log labels', () => {
  it.each([
    ['en', en],
    ['zh-CN', zhCN],
  ])('names every audited entity in %s', (_lang, catalog) => {
    const labels: Record<string, string> = catalog.audit.entities;
    expect(auditEntities.filter((entity) => typeof labels[entity] !== 'string')).toEqual([]);
  });
});
