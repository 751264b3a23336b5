/** What other parts of the web app may use of price alerts: the sheet (the position sheet opens it, lazily). */
export { AlertSheet, type AlertSheetProps } from './components/alert-sheet.tsx';
