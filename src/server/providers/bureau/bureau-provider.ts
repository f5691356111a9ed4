/** A credit bureau pull by PAN, reduced to the policy decision the application flow needs. */
export type BureauResult = {
  decision: 'PASS' | 'REJECTED';
  reasons: string[];
  rejected: boolean;
  check_values: { overdue_amount: number };
};

export type BureauProvider = {
  check(pan: string): Promise<BureauResult>;
};
