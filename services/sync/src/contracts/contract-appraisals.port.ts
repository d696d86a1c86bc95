import type { ContractAppraisal } from '@tradewise/contracts';

/** One type a contract brings the character, its quantities summed. */
export interface ContractAppraisalLine {
  readonly typeId: number;
  readonly quantity: number;
}

/**
 * Appraises the items a contract brings the character in The Forge with the appraisal tool's pricing (ADR 0012;
 * the static data and the pricing live in the market context: the server composes them). Called by the sync when it
 * first reads the items of a contract that brings the character two or more types.
 */
export interface ContractAppraisals {
  /**
   * The method and unit price of each type of `lines`, or null when they cannot be appraised now (the order books
   * did not answer): the sync then leaves the contract for its next run, as when ESI cannot show its items yet.
   */
  appraise(lines: readonly ContractAppraisalLine[]): Promise<ContractAppraisal | null>;
}
