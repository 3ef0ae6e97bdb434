import { FILE_TRAILER, LOT_TRAILER } from '../layout240/febraban-headers.js';
import { COUNTER_MODULUS } from '../layout240/layout-240.js';
import { FieldFormatError, readUnits } from '../record/read-field.js';
import type { WarningReporter } from './warning-reporter.js';

/**
 * Checks the frame of a CNAB 240 file while it streams by: header first, details inside lots,
 * each lot trailer's record count, the file trailer's lot and record counts, nothing after it.
 * Counts are compared modulo 10^6 because the 6-digit fields wrap on huge files. Only counters
 * are kept. Count positions are FEBRABAN's in every bank, so the generic tables are used.
 */
export class FileStructure {
  private headerSeen = false;
  private trailerSeen = false;
  private lotOpen = false;
  private lots = 0;
  private recordsInLot = 0;
  private recordsInFile = 0;

  constructor(private readonly report: WarningReporter) {}

  /** Call for every readable record, with its type character (position 8). */
  record(type: string, line: string, lineNumber: number): void {
    if (this.trailerSeen) this.report.warn('ESTRUTURA', lineNumber, 'registro depois do trailer de arquivo.');
    this.recordsInFile++;
    switch (type) {
      case '0':
        if (this.headerSeen || this.recordsInFile > 1) this.report.warn('ESTRUTURA', lineNumber, 'header de arquivo fora do início do arquivo.');
        this.headerSeen = true;
        return;
      case '1':
        if (this.lotOpen) this.report.warn('ESTRUTURA', lineNumber, `lote ${this.lots} sem trailer de lote.`);
        this.lotOpen = true;
        this.lots++;
        this.recordsInLot = 1;
        return;
      case '3':
        if (!this.lotOpen) this.report.warn('ESTRUTURA', lineNumber, 'registro de detalhe fora de um lote.');
        this.recordsInLot++;
        return;
      case '5':
        this.recordsInLot++;
        this.compare(line, lineNumber, LOT_TRAILER.field('quantidadeRegistros'), this.recordsInLot, 'registros no lote');
        this.lotOpen = false;
        return;
      case '9':
        this.trailerSeen = true;
        if (this.lotOpen) this.report.warn('ESTRUTURA', lineNumber, `lote ${this.lots} sem trailer de lote.`);
        this.lotOpen = false;
        this.compare(line, lineNumber, FILE_TRAILER.field('quantidadeLotes'), this.lots, 'lotes no arquivo');
        this.compare(line, lineNumber, FILE_TRAILER.field('quantidadeRegistros'), this.recordsInFile, 'registros no arquivo');
        return;
    }
  }

  finish(): void {
    if (!this.headerSeen && this.recordsInFile > 0) this.report.warn('ESTRUTURA', null, 'arquivo sem header de arquivo.');
    if (this.recordsInFile === 0) this.report.warn('ESTRUTURA', null, 'arquivo sem registros.');
    else if (!this.trailerSeen) this.report.warn('ESTRUTURA', null, 'arquivo sem trailer de arquivo (incompleto?).');
  }

  private compare(line: string, lineNumber: number, field: Parameters<typeof readUnits>[1], actual: number, what: string): void {
    let declared: number;
    try {
      declared = readUnits(line, field);
    } catch (err) {
      if (!(err instanceof FieldFormatError)) throw err;
      this.report.warn('CONTAGEM_DIVERGENTE', lineNumber, `${err.message}; não foi possível conferir ${what}.`);
      return;
    }
    if (declared !== actual % COUNTER_MODULUS) {
      this.report.warn('CONTAGEM_DIVERGENTE', lineNumber, `o trailer informa ${declared} ${what}, foram lidos ${actual}.`);
    }
  }
}
