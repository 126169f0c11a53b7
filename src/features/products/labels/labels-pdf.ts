import { code128, ean13, qrcode, upca } from 'bwip-js/browser';
import { jsPDF } from 'jspdf';
import {
  labelLayouts,
  labelSlot,
  labelSymbology,
  type LabelLayoutId,
  type LabelSymbology,
} from '../../../../domain/labels.ts';

/**
 * Barcode labels as a PDF, drawn in the browser (issue 15 item 4): each label has the product's
 * name (two lines at most), its price and its barcode as a real symbol, drawn by bwip-js on a
 * canvas and placed as a PNG. Loaded with `import()` only (labels-dialog.tsx): the screens do not
 * carry bwip-js; the chunk is precached (its name does not start with `admin-`), so labels print
 * offline. Only jspdf's text, image and line calls are used (no html2canvas extras).
 */
export interface LabelItem {
  name: string;
  /** Already formatted, e.g. 'Tsh 12,500'. */
  price: string;
  barcode: string;
  /** Where the product is kept (departments with locations); on the price's line, right. */
  location?: string | undefined;
}

const draw: Record<LabelSymbology, typeof code128> = { ean13, upca, code128, qrcode };

/** The symbol as a PNG; 4 px a module keeps bars sharp when the PDF scales it onto the label. */
function barcodePng(text: string, heightMm: number): string {
  const symbology = labelSymbology(text);
  const canvas = document.createElement('canvas');
  const linear = symbology !== 'qrcode';
  draw[symbology](canvas, {
    bcid: symbology,
    text,
    scale: 4,
    // bwip-js heights are in millimetres for linear symbols.
    ...(linear
      ? { height: Math.max(6, heightMm - 4), includetext: true, textxalign: 'center' }
      : {}),
    paddingwidth: 2,
    backgroundcolor: 'FFFFFF',
  });
  return canvas.toDataURL('image/png');
}

/** One typographic point in millimetres. */
const pointMm = 25.4 / 72;

/** Fits `width`×`height` (px) into `boxW`×`boxH` (mm), keeping its proportions. */
function fit(width: number, height: number, boxW: number, boxH: number) {
  const scale = Math.min(boxW / width, boxH / height);
  return { w: width * scale, h: height * scale };
}

export function labelsPdf(items: readonly LabelItem[], layoutId: LabelLayoutId): Blob {
  const layout = labelLayouts[layoutId];
  const landscape = layout.pageWidth > layout.pageHeight;
  const doc = new jsPDF({
    unit: 'mm',
    format: [layout.pageWidth, layout.pageHeight],
    orientation: landscape ? 'landscape' : 'portrait',
    compress: true,
  });
  const roll = layout.columns === 1 && layout.rows === 1;
  const pad = roll ? 2 : 3;
  const nameSize = roll ? 8 : 9;
  const priceSize = roll ? 9 : 10;
  const images = new Map<string, { url: string; width: number; height: number }>();

  items.forEach((item, index) => {
    const slot = labelSlot(layout, index);
    if (slot.page > 0 && index % (layout.columns * layout.rows) === 0) {
      doc.addPage([layout.pageWidth, layout.pageHeight], landscape ? 'landscape' : 'portrait');
    }
    const innerW = slot.width - 2 * pad;
    let y = slot.y + pad;

    doc.setFont('helvetica', 'bold');
    doc.setFontSize(nameSize);
    const nameLines = (doc.splitTextToSize(item.name, innerW) as string[]).slice(0, 2);
    const lineMm = nameSize * pointMm * 1.15;
    nameLines.forEach((line, lineIndex) => {
      doc.text(line, slot.x + pad, y + lineMm * (lineIndex + 0.8), { maxWidth: innerW });
    });
    y += lineMm * nameLines.length + 0.5;

    doc.setFont('helvetica', 'normal');
    doc.setFontSize(priceSize);
    const priceMm = priceSize * pointMm;
    doc.text(item.price, slot.x + pad, y + priceMm * 0.85);
    if (item.location) {
      // The same article lies at several locations (issue 26): the label says which shelf. It
      // shares the price's line so the barcode keeps its height; cut to the width left there.
      const priceW = doc.getTextWidth(item.price);
      doc.setFontSize(priceSize - 2);
      const room = innerW - priceW - 2;
      const location = (doc.splitTextToSize(item.location, Math.max(room, 1)) as string[])[0];
      if (room > 4 && location) {
        doc.text(location, slot.x + slot.width - pad, y + priceMm * 0.85, { align: 'right' });
      }
    }
    y += priceMm + 1;

    const boxH = slot.y + slot.height - pad - y;
    let image = images.get(item.barcode);
    if (!image) {
      const url = barcodePng(item.barcode, boxH);
      const props = doc.getImageProperties(url);
      image = { url, width: props.width, height: props.height };
      images.set(item.barcode, image);
    }
    const size = fit(image.width, image.height, innerW, boxH);
    doc.addImage(image.url, 'PNG', slot.x + (slot.width - size.w) / 2, y, size.w, size.h);
  });
  return doc.output('blob');
}
