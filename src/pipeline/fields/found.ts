// What every field finder returns: a value with the evidence it was read from and how sure the
// engine is. Reconciliation may later change the status (a total that does not add up → review).
import type { FieldStatusValue } from '../../schemas/document.schema.js';
import type { Evidence } from './find-labelled.js';

export interface Found<T> {
  value: T;
  /** 0..1, before reconciliation. */
  confidence: number;
  status: FieldStatusValue;
  /** Where on the page the value was read; absent for derived and enriched values. */
  evidence?: Evidence;
  /** The value as printed, for regions. */
  printed?: string;
  /**
   * The learned choice's probability that this is the field's value, where it scored the field's
   * candidates (fields/choice/): evidence the review stage weighs (a rules' pick the model doubts).
   */
  support?: number;
  /** The learned choice's best probability for another value of the field, where it scored it. */
  rival?: number;
  /**
   * Printed lines beside the value that the rules judged not part of it (a brand above a receipt's
   * registered name, a mall's line before or after an address): where the print leaves the value's
   * extent open, evidence the review stage weighs.
   */
  leftOut?: number;
}

/** Confidence of a read value: how the label was found, times how well the words were read. */
export function readConfidence(labelRank: number, placement: 'inline' | 'right' | 'below' | 'pattern', ocrConfidence: number): number {
  const byLabel = Math.max(0.5, 0.97 - labelRank * 0.05);
  const byPlacement = placement === 'below' ? 0.92 : placement === 'pattern' ? 0.8 : 1;
  return round(byLabel * byPlacement * Math.min(1, 0.4 + ocrConfidence * 0.6));
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
