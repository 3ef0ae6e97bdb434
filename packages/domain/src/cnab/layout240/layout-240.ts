import type { RecordLayout } from '../record/record-layout.js';
import { FILE_HEADER, FILE_TRAILER, LOT_HEADER, LOT_TRAILER } from './febraban-headers.js';
import { SEGMENT_P, SEGMENT_Q, SEGMENT_R, SEGMENT_T, SEGMENT_U } from './febraban-segments.js';

/** Every record a CNAB 240 Cobrança file may hold; a bank profile supplies its own set. */
export interface Layout240 {
  readonly fileHeader: RecordLayout;
  readonly lotHeader: RecordLayout;
  readonly segmentP: RecordLayout;
  readonly segmentQ: RecordLayout;
  readonly segmentR: RecordLayout;
  readonly segmentT: RecordLayout;
  readonly segmentU: RecordLayout;
  readonly lotTrailer: RecordLayout;
  readonly fileTrailer: RecordLayout;
  /**
   * The frame records a bank writes differently in a remessa than in its retorno (Santander: the
   * código de transmissão instead of agência/conta/código do beneficiário, a lot trailer with the
   * count only). Absent: the same records both ways. Readers use the records above.
   */
  readonly remessa?: Partial<Pick<Layout240, 'fileHeader' | 'lotHeader' | 'lotTrailer'>>;
}

export const FEBRABAN_240: Layout240 = {
  fileHeader: FILE_HEADER,
  lotHeader: LOT_HEADER,
  segmentP: SEGMENT_P,
  segmentQ: SEGMENT_Q,
  segmentR: SEGMENT_R,
  segmentT: SEGMENT_T,
  segmentU: SEGMENT_U,
  lotTrailer: LOT_TRAILER,
  fileTrailer: FILE_TRAILER,
};

export const RECORD_WIDTH_240 = 240;

/** Counters of 6 digits wrap past 999 999 records (files only a benchmark writes); readers compare modulo 10^6. */
export const COUNTER_MODULUS = 1_000_000;
