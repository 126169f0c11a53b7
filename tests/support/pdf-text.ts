import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Reads a generated PDF the way a person reading the printout would: its text through poppler's
 * pdftotext (poppler-utils; .ci/run installs it), its pages and page size through pdfinfo, and
 * where each word sits (pdftotext -bbox) to check alignment.
 */
export interface PdfReader {
  /** The text of all pages, or of page `page` only, spaces squeezed to one. */
  text(bytes: ArrayBuffer, page?: number): string;
  info(bytes: ArrayBuffer): { pages: number; widthMm: number; heightMm: number };
  /** Each word with its right edge in mm from the page's left, in reading order. */
  words(bytes: ArrayBuffer): { word: string; rightMm: number; page: number }[];
  remove(): void;
}

const ptToMm = (points: number) => (points * 25.4) / 72;

export function pdfReader(): PdfReader {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  let files = 0;
  function write(bytes: ArrayBuffer): string {
    files += 1;
    const file = path.join(dir, `${files}.pdf`);
    writeFileSync(file, Buffer.from(bytes));
    return file;
  }
  return {
    text(bytes, page) {
      const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
      const text = execFileSync('pdftotext', ['-layout', ...pages, write(bytes), '-'], {
        encoding: 'utf8',
      });
      return text.replace(/[ \t]+/g, ' ');
    },
    info(bytes) {
      const info = execFileSync('pdfinfo', [write(bytes)], { encoding: 'utf8' });
      const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
      const pages = /Pages:\s+(\d+)/.exec(info);
      if (!size || !pages) throw new Error(`no page size in:\n${info}`);
      return {
        pages: Number(pages[1]),
        widthMm: Math.round(ptToMm(Number(size[1]))),
        heightMm: Math.round(ptToMm(Number(size[2]))),
      };
    },
    words(bytes) {
      const html = execFileSync('pdftotext', ['-bbox', write(bytes), '-'], { encoding: 'utf8' });
      const words: { word: string; rightMm: number; page: number }[] = [];
      let page = 0;
      for (const line of html.split('\n')) {
        if (line.includes('<page ')) page += 1;
        const match = /<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/.exec(
          line,
        );
        if (match) words.push({ word: match[2] ?? '', rightMm: ptToMm(Number(match[1])), page });
      }
      return words;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
