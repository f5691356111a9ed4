import type { ReactNode } from 'react';
import { needsBusinessOwnershipProof, needsRentProof, needsResidenceOwnershipProof } from '../../../domain';
import { FormSection, SelectField, TextField } from '../../components/form';
import {
  BUSINESS_OWNERSHIP_DOCUMENT,
  BUSINESS_PROOF_DOCUMENT,
  BUSINESS_PROOF_OPTIONS,
  GST_DOCUMENT,
  OWNERSHIP_PROOF_OF_OPTIONS,
  PROPERTY_PROOF_OPTIONS,
  RENT_DOCUMENT,
  RESIDENCE_OWNERSHIP_DOCUMENT,
  type BusinessBinding,
  type BusinessDocument,
  type BusinessValues,
} from './business-fields';

type Props = {
  bound: BusinessBinding;
  values: BusinessValues;
  /** The GST number's warning (not the borrower's PAN in it). */
  gstWarning: string | undefined;
  /** A document's upload box (none for a reviewer: their documents are in one group). */
  upload: (doc: BusinessDocument) => ReactNode;
};

/** GST and the business proof, then the ownership proofs the place needs, the rent agreement and the remarks. */
export function BusinessProofs({ bound, values, gstWarning, upload }: Props) {
  return (
    <>
      <FormSection legend="business.gstAndProofs" gridClassName="business-form__grid">
        <TextField {...bound('gst_no')} label="business.gst" autoComplete="off" autoCapitalize="characters" warning={gstWarning} />
        {upload(GST_DOCUMENT)}
        <SelectField {...bound('business_proof_type')} label="business.proofType" options={BUSINESS_PROOF_OPTIONS} />
        {upload(BUSINESS_PROOF_DOCUMENT)}
      </FormSection>

      <FormSection legend="business.ownershipProofs" gridClassName="business-form__grid">
        <SelectField {...bound('ownership_proof_type')} label="business.ownershipProofOf" options={OWNERSHIP_PROOF_OF_OPTIONS} />
        {needsBusinessOwnershipProof(values.ownership_proof_type) && (
          <>
            <SelectField {...bound('business_ownership_proof')} label="business.businessOwnershipProof" options={PROPERTY_PROOF_OPTIONS} />
            {upload(BUSINESS_OWNERSHIP_DOCUMENT)}
          </>
        )}
        {needsResidenceOwnershipProof(values.ownership_proof_type) && (
          <>
            <SelectField
              {...bound('residence_ownership_proof')}
              label="business.residenceOwnershipProof"
              options={PROPERTY_PROOF_OPTIONS}
            />
            {upload(RESIDENCE_OWNERSHIP_DOCUMENT)}
          </>
        )}
        {needsRentProof(values.business_address_ownership_type) && upload(RENT_DOCUMENT)}
        <TextField {...bound('remarks')} label="business.remarks" multiline className="field--wide" />
      </FormSection>
    </>
  );
}
