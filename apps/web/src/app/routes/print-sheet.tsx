import { useParams } from 'react-router';
import { PrintSheetPage } from '../../features/print/components/print-sheet-page';
import { isPrintSheet } from '../../features/print/sheets';
import { NotFoundPage } from './not-found';

/** `/{locale}/print/{sheet}`: a field sheet to print; an unknown sheet is "not found". */
export function PrintSheetRoute() {
  const { sheet } = useParams();
  return isPrintSheet(sheet) ? <PrintSheetPage sheet={sheet} /> : <NotFoundPage />;
}
