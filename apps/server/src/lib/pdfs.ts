import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { AppError } from './errors.ts';

export const NOT_A_PDF = 'That file is not a PDF we can read.';

/** Keys whose values only ever hold scripts or actions a reader runs by itself. */
const ACTIVE_KEYS = [
  'OpenAction', // run when the document opens
  'AA', // "additional actions": on opening a page, focusing a field, closing, printing...
  'JavaScript', // the document-level scripts in the names tree
  'JS', // the script of a JavaScript (or rendition) action
  'XFA', // XML forms, which carry their own scripts
  // Files carried inside the PDF (any program, opened from the reader's attachments pane): a menu needs none.
  'EmbeddedFiles', // the names tree of attached files
  'EF', // a file specification's embedded file streams
  'AF', // associated files (PDF 2.0)
].map((k) => PDFName.of(k));

/** Actions that run code, start programs or send data: links to web pages (URI) are kept. */
const ACTIVE_ACTIONS = new Set(
  ['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'RichMediaExecute'].map((k) => PDFName.of(k)),
);

function isActiveAction(obj: PDFObject | undefined): boolean {
  if (!(obj instanceof PDFDict)) return false;
  const type = obj.get(PDFName.of('S'));
  return (type instanceof PDFName && ACTIVE_ACTIONS.has(type)) || obj.has(PDFName.of('JS'));
}

/**
 * Takes every script and automatic action out of a parsed PDF: the keys above, wherever they are,
 * and every action that runs code, then every object no longer reachable from the document (a
 * script's text in a stream of its own). Returns how many things it removed.
 */
function stripActiveContent(context: PDFContext): number {
  let removed = 0;
  const dead = new Set<PDFRef>();
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (isActiveAction(obj)) dead.add(ref);
  }
  const gone = (value: PDFObject | undefined) =>
    (value instanceof PDFRef && dead.has(value)) || isActiveAction(value);

  const scrub = (obj: PDFObject) => {
    const dict = obj instanceof PDFStream ? obj.dict : obj;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        if (ACTIVE_KEYS.includes(key) || gone(value)) {
          dict.delete(key);
          removed++;
        } else scrub(value);
      }
    } else if (dict instanceof PDFArray) {
      for (let i = dict.size() - 1; i >= 0; i--) {
        const value = dict.get(i);
        if (gone(value)) {
          dict.remove(i);
          removed++;
        } else scrub(value);
      }
    }
  };
  for (const ref of dead) {
    context.delete(ref);
    removed++;
  }
  for (const [, obj] of context.enumerateIndirectObjects()) scrub(obj);

  // What nothing points to any more (a script in a stream of its own) goes too.
  const reachable = new Set<PDFRef>();
  // A stack, not recursion: an outline's /Next chain can be thousands of objects long.
  const stack: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (stack.length > 0) {
    const obj = stack.pop();
    if (obj instanceof PDFRef) {
      if (reachable.has(obj)) continue;
      reachable.add(obj);
      stack.push(context.lookup(obj));
    } else if (obj instanceof PDFStream) stack.push(obj.dict);
    else if (obj instanceof PDFDict) for (const [, value] of obj.entries()) stack.push(value);
    else if (obj instanceof PDFArray) for (const value of obj.asArray()) stack.push(value);
  }
  if (removed > 0) {
    for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref)) context.delete(ref);
  }
  return removed;
}

/**
 * An uploaded PDF, checked by parsing it (pdf-lib), not by its first bytes alone: it must have a
 * document catalogue and at least one page. Scripts and automatic actions (JavaScript, OpenAction,
 * additional actions, launch and submit actions, XFA) are stripped, and only then is the file
 * written anew; a PDF without them is kept byte for byte. Password-protected files are refused, as
 * their contents cannot be checked.
 */
export async function readablePdf(bytes: Buffer): Promise<{ bytes: Buffer; stripped: number }> {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new AppError('BAD_REQUEST', NOT_A_PDF);
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, to say so: pdf-lib's own error is not an instance of its class.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw new AppError('BAD_REQUEST', NOT_A_PDF);
  }
  if (doc.isEncrypted) {
    throw new AppError(
      'BAD_REQUEST',
      'That PDF is protected by a password. Save it without one and upload it again.',
    );
  }
  let pages = 0;
  try {
    pages = doc.getPageCount();
  } catch {
    // No page tree at all.
  }
  if (pages < 1) throw new AppError('BAD_REQUEST', NOT_A_PDF);
  try {
    const stripped = stripActiveContent(doc.context);
    if (stripped === 0) return { bytes, stripped };
    const cleaned = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
    return { bytes: Buffer.from(cleaned), stripped };
  } catch {
    // A file whose scripts could not be taken out safely is not kept at all.
    throw new AppError('BAD_REQUEST', NOT_A_PDF);
  }
}
