import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LanguageKey } from '@soar/contract';
import { hasMessage, translate } from '@soar/i18n';
import type { StatementRecord } from '../../db/schema/index.ts';

/**
 * Noto Sans CJK (regional subsets, OpenType) from npm, embedded in every statement: the Japanese
 * one carries Latin, kana and the kanji of Japanese; Simplified Chinese needs its own. pdfkit
 * embeds only the glyphs a statement uses. Nothing is fetched at run time.
 */
const fontFiles = {
  jp: ['@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
} as const;
const fonts = new Map<keyof typeof fontFiles, Buffer>();
const require = createRequire(import.meta.url);

function font(language: LanguageKey): Buffer {
  const key = language === 'zh-CN' ? 'sc' : 'jp';
  let bytes = fonts.get(key);
  if (!bytes) {
    const [pkg, file] = fontFiles[key];
    // The package's entry is dist/index.cjs; its fonts sit beside dist/.
    bytes = readFileSync(path.resolve(path.dirname(require.resolve(pkg)), '..', 'fonts', file));
    fonts.set(key, bytes);
  }
  return bytes;
}

type Column = { label: string; width: number; align?: 'left' | 'right' };

const margin = 40;
const rowHeight = 16;

/**
 * A statement as a PDF in `language`, from its stored figures (the same figures in every language).
 * pdfkit loads with the first statement, not with the server.
 */
export async function renderStatement(
  record: StatementRecord,
  language: LanguageKey,
  decimalsOf: (currency: string) => number,
  madeAt: Date,
): Promise<Buffer> {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(language, key, params);
  const money = (value: string | null, currency: string) =>
    value === null
      ? ''
      : new Intl.NumberFormat(language, {
          minimumFractionDigits: decimalsOf(currency),
          maximumFractionDigits: decimalsOf(currency),
        }).format(Number(value));
  const price = (value: string | null) =>
    value === null ? '' : new Intl.NumberFormat(language, { maximumFractionDigits: 8 }).format(Number(value));
  const kindName = (kind: string) => {
    for (const key of [`wallet.txType.${kind}`, `statement.kinds.${kind}`]) if (hasMessage(key)) return t(key);
    return kind;
  };
  const day = (iso: string) => iso.slice(0, 10);
  const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    info: { Title: `${t('statement.title')} ${record.month}` },
  });
  doc.registerFont('body', font(language));
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = () => doc.page.height - margin - 24;

  const heading = (text: string) => {
    if (doc.y + 3 * rowHeight > bottom()) doc.addPage();
    doc.moveDown(0.8).fontSize(12).fillColor('#1f2330').text(text, margin, doc.y);
    doc.moveDown(0.3);
  };

  const table = (columns: Column[], rows: string[][]) => {
    const drawRow = (cells: string[], head: boolean) => {
      if (doc.y + rowHeight > bottom()) {
        doc.addPage();
        if (!head)
          drawRow(
            columns.map((column) => column.label),
            true,
          );
      }
      const y = doc.y;
      if (head) doc.rect(margin, y - 2, doc.page.width - 2 * margin, rowHeight).fill('#eef0f6');
      let x = margin;
      doc.fontSize(8).fillColor(head ? '#6b7080' : '#1f2330');
      cells.forEach((cell, index) => {
        const column = columns[index] as Column;
        doc.text(cell, x + 2, y + 2, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false });
        x += column.width;
      });
      doc.y = y + rowHeight;
    };
    drawRow(
      columns.map((column) => column.label),
      true,
    );
    if (rows.length === 0) {
      doc
        .fontSize(8)
        .fillColor('#6b7080')
        .text(t('statement.none'), margin + 2, doc.y + 2);
      doc.y += rowHeight - 4;
      return;
    }
    for (const row of rows) drawRow(row, false);
  };

  doc.fontSize(18).fillColor('#465cff').text(t('statement.title'));
  doc
    .fontSize(10)
    .fillColor('#1f2330')
    .text(
      t('statement.period', {
        month: record.month,
        from: day(record.from),
        to: day(new Date(Date.parse(record.to) - 1).toISOString()),
      }),
    );
  doc.text(t('statement.account', { uid: record.uid, nickname: record.nickname }));

  heading(t('statement.balances'));
  table(
    [
      { label: t('statement.currency'), width: 75 },
      { label: t('statement.opening'), width: 110, align: 'right' },
      { label: t('statement.credits'), width: 110, align: 'right' },
      { label: t('statement.debits'), width: 110, align: 'right' },
      { label: t('statement.closing'), width: 110, align: 'right' },
    ],
    record.balances.map((row) => [
      row.currency,
      money(row.opening, row.currency),
      money(row.credits, row.currency),
      money(row.debits, row.currency),
      money(row.closing, row.currency),
    ]),
  );
  doc
    .fontSize(7)
    .fillColor('#6b7080')
    .text(t('statement.reconciled'), margin, doc.y + 4, { width: doc.page.width - 2 * margin });

  heading(t('statement.activity'));
  table(
    [
      { label: t('statement.kind'), width: 235 },
      { label: t('statement.currency'), width: 70 },
      { label: t('statement.entries'), width: 70, align: 'right' },
      { label: t('statement.amount'), width: 140, align: 'right' },
    ],
    record.activity.map((row) => [
      kindName(row.kind),
      row.currency,
      String(row.entries),
      money(row.amount, row.currency),
    ]),
  );

  heading(t('statement.trades'));
  const sideName = (row: StatementRecord['trades'][number]) => {
    if (row.side === 'open') return t(row.direction === 'buy' ? 'statement.side.buy' : 'statement.side.short');
    return t(row.direction === 'buy' ? 'statement.side.sell' : 'statement.side.cover');
  };
  table(
    [
      { label: t('statement.time'), width: 80 },
      { label: t('statement.symbol'), width: 60 },
      { label: t('statement.kind'), width: 75 },
      { label: t('statement.quantity'), width: 45, align: 'right' },
      { label: t('statement.price'), width: 70, align: 'right' },
      { label: t('statement.fee'), width: 60, align: 'right' },
      { label: t('statement.currency'), width: 45 },
      { label: t('statement.pnl'), width: 80, align: 'right' },
    ],
    record.trades.map((row) => [
      minute(row.time),
      row.symbol,
      sideName(row),
      String(row.quantity),
      price(row.price),
      money(row.fee, row.currency),
      row.currency,
      money(row.realisedPnl, row.currency),
    ]),
  );

  heading(t('statement.transfers'));
  table(
    [
      { label: t('statement.time'), width: 110 },
      { label: t('statement.kind'), width: 200 },
      { label: t('statement.currency'), width: 70 },
      { label: t('statement.amount'), width: 135, align: 'right' },
    ],
    record.transfers.map((row) => [
      minute(row.time),
      kindName(row.kind),
      row.currency,
      money(row.amount, row.currency),
    ]),
  );

  heading(t('statement.products'));
  table(
    [
      { label: t('statement.kind'), width: 310 },
      { label: t('statement.currency'), width: 70 },
      { label: t('statement.amount'), width: 135, align: 'right' },
    ],
    record.products.map((row) => [kindName(row.kind), row.currency, money(row.amount, row.currency)]),
  );

  heading(t('statement.realised'));
  table(
    [
      { label: t('statement.currency'), width: 85 },
      { label: t('statement.recorded'), width: 140, align: 'right' },
      { label: t('statement.fifo'), width: 145, align: 'right' },
      { label: t('statement.average'), width: 145, align: 'right' },
    ],
    record.realised.map((row) => [
      row.currency,
      money(row.recorded, row.currency),
      money(row.fifo, row.currency),
      money(row.average, row.currency),
    ]),
  );

  heading(t('statement.positions'));
  table(
    [
      { label: t('statement.symbol'), width: 75 },
      { label: t('statement.kind'), width: 60 },
      { label: t('statement.quantity'), width: 60, align: 'right' },
      { label: t('statement.openPrice'), width: 85, align: 'right' },
      { label: t('statement.close'), width: 85, align: 'right' },
      { label: t('statement.value'), width: 100, align: 'right' },
      { label: t('statement.currency'), width: 50 },
    ],
    record.positions.map((row) => [
      row.symbol,
      t(`statement.direction.${row.direction}`),
      String(row.quantity),
      price(row.openPrice),
      price(row.close),
      money(row.value, row.currency),
      row.currency,
    ]),
  );

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    // Text below the bottom margin would open a new page: the footer lifts it for its line.
    doc.page.margins.bottom = 0;
    const footer = `${t('statement.made', { time: minute(madeAt.toISOString()) })} · ${t('statement.page', { page: index + 1, pages: range.count })}`;
    doc
      .fontSize(7)
      .fillColor('#6b7080')
      .text(footer, margin, doc.page.height - margin, {
        width: doc.page.width - 2 * margin,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
