import type { Menu } from '@lastman/api';
import { ALLERGEN_LABELS, DIETARY_LABELS, dietsThatHold } from '@lastman/api/content/rules';
import { formatLongDate, formatPence } from '@lastman/api/format';
import PDFDocument from 'pdfkit';

/**
 * The menu as an A4 PDF, from the same rows as the menu screen: each item with its price, what it
 * contains and may contain, the dietary flags its allergens bear out, its calories, and the date the
 * allergens were last checked.
 */
export function renderMenuPdf({
  clubName,
  menu,
  now,
}: {
  clubName: string;
  menu: Menu;
  now: Date;
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${clubName}: food and drink menu`, Author: clubName, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 100;
  doc.font('Helvetica-Bold').fontSize(22).text(clubName, { align: 'center' });
  doc.font('Helvetica').fontSize(13).fillColor('#444').text('Food and drink menu', { align: 'center' });
  doc.moveDown(1);

  if (menu.categories.every((c) => c.items.length === 0)) {
    doc.fillColor('#000').fontSize(12).text('The menu has no items yet.');
  }
  for (const category of menu.categories) {
    if (category.items.length === 0) continue;
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.moveDown(0.5).fillColor('#b71c1c').font('Helvetica-Bold').fontSize(16).text(category.name);
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(50 + width, doc.y + 2)
      .strokeColor('#b71c1c')
      .stroke();
    doc.moveDown(0.5);
    for (const item of category.items) {
      if (doc.y > doc.page.height - 120) doc.addPage();
      const top = doc.y;
      const price = formatPence(item.pricePence);
      doc.fillColor('#000').font('Helvetica-Bold').fontSize(12);
      doc.text(price, 50, top, { width, align: 'right' });
      // A label the dish's own allergens contradict (saved before that was refused) is left out.
      const flags = dietsThatHold(item)
        .map((d) => DIETARY_LABELS[d])
        .join(', ');
      doc.text(item.name + (item.available ? '' : ' (not available today)'), 50, top, { width: width - 80 });
      doc.font('Helvetica').fontSize(10).fillColor('#333');
      if (item.description) doc.text(item.description, { width: width - 80 });
      const facts = [flags, item.calories !== null ? `${item.calories} kcal` : ''].filter(Boolean);
      if (facts.length) doc.text(facts.join(' · '), { width: width - 80 });
      doc.fillColor('#7a1212');
      doc.text(
        item.allergens.length
          ? `Contains: ${item.allergens.map((a) => ALLERGEN_LABELS[a]).join(', ')}.`
          : 'Contains none of the 14 allergens.',
        { width: width - 80 },
      );
      if (item.mayContain.length) {
        doc.text(`May contain: ${item.mayContain.map((a) => ALLERGEN_LABELS[a]).join(', ')}.`, {
          width: width - 80,
        });
      }
      doc.moveDown(0.6);
    }
  }

  doc.moveDown(1).fillColor('#000').font('Helvetica').fontSize(9);
  if (menu.allergensCheckedOn) {
    doc.text(`Allergen information last checked on ${formatLongDate(menu.allergensCheckedOn)}.`, 50, doc.y, {
      width,
    });
  }
  doc.text(
    'If you have a food allergy or intolerance, please speak to a member of staff before you order.',
    50,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
