/** PAN verification (the spec's verify_pan_lite): the name on the PAN, or not found. */
export type PanResult = { found: true; name: string } | { found: false };

export type PanProvider = {
  verifyPan(pan: string): Promise<PanResult>;
};
