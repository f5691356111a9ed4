import { featureText } from './feature-text';

/**
 * The names queued writes go by (outbox labels: kept in English on the phone, in clear beside a
 * sealed entry), in words for the sync centre and "Needs your decision" (textOfMessage). Apart
 * from the shell's catalogue: /login needs none of them.
 */
export const outboxLabelsText = featureText(
  {
    'entry.borrower': 'Borrower details',
    'entry.business': 'Business details',
    'entry.employment': 'Employment details',
    'entry.bankAccount': 'Bank account',
    'entry.bankAccountChange': 'Bank account change',
    'entry.familyMember': 'Family member',
    'entry.coBorrower': 'Co-borrower',
    'entry.guarantor': 'Guarantor',
    'entry.references': 'References',
    'entry.cpvBusiness': 'Business CPV',
    'entry.cpvResidence': 'Residence CPV',
  },
  {
    'entry.borrower': 'उधारकर्ता का विवरण',
    'entry.business': 'व्यवसाय विवरण',
    'entry.employment': 'रोज़गार विवरण',
    'entry.bankAccount': 'बैंक खाता',
    'entry.bankAccountChange': 'बैंक खाते में बदलाव',
    'entry.familyMember': 'परिवार का सदस्य',
    'entry.coBorrower': 'सह-उधारकर्ता',
    'entry.guarantor': 'गारंटर',
    'entry.references': 'संदर्भ',
    'entry.cpvBusiness': 'व्यवसाय CPV',
    'entry.cpvResidence': 'निवास CPV',
  },
);
