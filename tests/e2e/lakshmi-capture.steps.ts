import type { BrowserContext, Page } from 'playwright-core';
import { BorrowerPage, type BorrowerDetails, type Upload } from './pages/borrower.page';
import { CoApplicantsPage, type CoApplicantDetails } from './pages/co-applicants.page';
import { FamilyPage, type FamilyMemberDetails } from './pages/family-members.page';
import { KycPage, type KycDetails } from './pages/kyc.page';
import type { BusinessCpvInput, ResidenceCpvInput } from './pages/cpv.page';
import type { Words } from './pages/texts';
import { latestOtp } from './support/sms';
import { applicationIdOf, officerToken, waitForApplication } from './support/application-server';
import { businessAndBankSteps, throughBank } from './business-bank.steps';

/*
 * The relationship officer's capture of a persona through the family members (LAKSHMI DEVI with
 * her co-borrower RAMESH YADAV and daughter GEETA YADAV), shared by the e2e files; the business
 * and bank steps are business-bank.steps.ts's.
 */

/**
 * A small real JPEG (a rendered label), different per document. The browser's own encoder draws
 * it on a blank page's canvas: a screenshot needs a composited frame, which a loaded machine can
 * fail to give ("Unable to capture screenshot").
 */
export async function jpeg(context: BrowserContext, text: string): Promise<Upload> {
  const page = await context.newPage();
  const bytes = await page.evaluate(async (label) => {
    const canvas = new OffscreenCanvas(240, 150);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e8eef7';
    g.fillRect(0, 0, 240, 150);
    g.fillStyle = '#123';
    g.font = 'bold 18px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(label, 120, 75, 230);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.6 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, text);
  await page.close();
  return { name: `${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(bytes) };
}

export type Persona = { aadhaar: string; pan: string; voterId: string; details: BorrowerDetails };

export const LAKSHMI: Persona = {
  aadhaar: '234567890124',
  pan: 'BDVPD4821K',
  voterId: 'XKD1234566',
  details: {
    title: 'Mrs.',
    name: 'LAKSHMI DEVI',
    gender: 'Female',
    maritalStatus: 'Married',
    dob: '12-04-1985',
    email: 'lakshmi@example.com',
    pincode: '560001',
    address: '14, 2nd Cross, Shivaji Nagar',
    ownership: 'Self Owned',
    yearsOfResidence: '8',
    houseType: 'Pakka',
    loanType: 'MFI Business Loan',
    amount: '100000',
    emi: '5000',
    purpose: 'Expansion of existing business',
  },
};

export const KYC: KycDetails = {
  guardianName: 'Ramesh Yadav',
  relation: 'Husband',
  motherName: 'Savitri Devi',
  category: 'General',
  religion: 'Hindu',
  motherTongue: 'Kannada',
  education: '10th Pass',
  familyMembers: '4',
  earningMembers: '2',
};

export const RAMESH: CoApplicantDetails = {
  pan: 'CRYPY5532L',
  voterId: 'XKD2345676',
  aadhaarLast4: '1238',
  relationship: 'Spouse',
  title: 'Mr.',
  name: 'RAMESH YADAV',
  guardianName: 'Mohan Yadav',
  guardianRelationship: 'Father',
  gender: 'Male',
  dob: '03-09-1982',
  maritalStatus: 'Married',
  income: '18000',
  phone: '9876500190',
  pincode: '560001',
  address: '14, 2nd Cross, Shivaji Nagar',
};

export const DAUGHTER: FamilyMemberDetails = {
  name: 'GEETA YADAV',
  relationToBorrower: 'Daughter',
  phone: '9876500191',
  pan: 'GKLPY4455Q',
  guardianName: 'Ramesh Yadav',
  guardianRelationship: 'Father',
  gender: 'Female',
  dob: '05-06-2004',
  education: '12th Pass',
  income: '6000',
  pincode: '560001',
  address: '14, 2nd Cross, Shivaji Nagar',
};

/** The borrower step online: mobile OTP, optionally the Aadhaar OTP, PAN and voter checks, every field. */
export async function borrowerStep(
  page: Page,
  baseURL: string,
  mobile: string,
  p: Persona,
  opts: { aadhaarOtp: boolean },
): Promise<BorrowerPage> {
  const borrower = new BorrowerPage(page);
  await borrower.openNew();
  const readOtp = () => latestOtp(baseURL, mobile);
  await borrower.verifyMobile(mobile, readOtp);
  if (opts.aadhaarOtp) await borrower.verifyAadhaar(p.aadhaar, readOtp);
  else await borrower.field('Aadhaar').fill(p.aadhaar);
  await borrower.fillPersonal(p.details);
  await borrower.verifyPan(p.pan);
  await borrower.verifyVoterId(p.voterId);
  await borrower.fillAddress(p.details);
  await borrower.fillProduct(p.details);
  return borrower;
}

/** The KYC step with LAKSHMI's (or `details`') fields and the borrower's documents, in `words`' language. */
export async function kycStep(
  context: BrowserContext,
  page: Page,
  opts: { voterFile?: boolean; words?: Words; details?: KycDetails } = {},
): Promise<KycPage> {
  const kyc = new KycPage(page, opts.words);
  await kyc.waitReady();
  await kyc.fill(opts.details ?? KYC);
  await kyc.attach('kyc.photo', await jpeg(context, 'Borrower photo'));
  await kyc.attach('kyc.pan', await jpeg(context, 'Borrower PAN'));
  await kyc.attach('kyc.aadhaarFront', await jpeg(context, 'Borrower Aadhaar front'));
  await kyc.attach('kyc.aadhaarBack', await jpeg(context, 'Borrower Aadhaar back'));
  if (opts.voterFile ?? true) await kyc.attach('kyc.voterId', await jpeg(context, 'Borrower Voter ID'));
  return kyc;
}

export async function coBorrowerDocuments(context: BrowserContext, co: CoApplicantsPage): Promise<void> {
  await co.attach('coApp.panFile', await jpeg(context, 'Ramesh PAN'));
  await co.attach('coApp.aadhaarFront', await jpeg(context, 'Ramesh Aadhaar front'));
  await co.attach('coApp.aadhaarBack', await jpeg(context, 'Ramesh Aadhaar back'));
  await co.attach('coApp.voterIdFront', await jpeg(context, 'Ramesh Voter ID'));
}

export async function familyMember(context: BrowserContext, family: FamilyPage): Promise<void> {
  await family.add();
  await family.fill(DAUGHTER);
  await family.attach('PAN card', await jpeg(context, 'Geeta PAN'));
  await family.attach('Aadhaar front', await jpeg(context, 'Geeta Aadhaar front'));
  await family.attach('Aadhaar back', await jpeg(context, 'Geeta Aadhaar back'));
  await family.attach('Voter ID', await jpeg(context, 'Geeta Voter ID'));
}

/** The co-borrower RAMESH YADAV (PAN and voter verified) and the family member GEETA YADAV, then on to the business step. */
export async function coBorrowerAndFamily(context: BrowserContext, page: Page): Promise<void> {
  const co = new CoApplicantsPage(page);
  await co.waitList();
  await co.addCoBorrower();
  await coBorrowerDocuments(context, co);
  await co.fillDetails(RAMESH);
  await co.typeIdentity(RAMESH);
  await co.verifyPan();
  await co.verifyVoterId();
  await co.submitButton('Submit').click();
  await co.waitList();
  await co.card('RAMESH YADAV').getByText('Accepted').waitFor();
  await co.submitList();

  const family = new FamilyPage(page);
  await family.waitList();
  await familyMember(context, family);
  await family.submit();
  await family.waitList();
  await family.card('GEETA YADAV').getByText('Synced').waitFor({ timeout: 30000 });
  await family.submit();
  await page.waitForURL(/#\/application\/business\?id=/);
}

/** LAKSHMI's application captured by the officer through the bank account, online, on the server; answers its id. */
export async function lakshmiThroughBank(officer: Page, baseURL: string, mobile: string): Promise<string> {
  const context = officer.context();
  const borrower = await borrowerStep(officer, baseURL, mobile, LAKSHMI, { aadhaarOtp: true });
  const id = applicationIdOf(officer);
  await borrower.next();
  const kyc = await kycStep(context, officer);
  await kyc.next();
  await coBorrowerAndFamily(context, officer);
  await businessAndBankSteps(context, officer, { baseURL, jpeg, shot: async () => {}, shotWide: async () => {} });
  await waitForApplication(baseURL, await officerToken(officer), id, throughBank, 60000);
  return id;
}

/** Lakshmi's field verification as the credit manager records it: her tailoring shop and her house (EMI ₹9,456 on the offer). */
export async function lakshmiFieldVerification(context: BrowserContext): Promise<[BusinessCpvInput, ResidenceCpvInput]> {
  return [
    {
      photos: {
        shop_photo_file: await jpeg(context, 'Shop front'),
        shop_selfie_photo_file: await jpeg(context, 'Shop selfie with BCM'),
        qr_code_upload: await jpeg(context, 'QR code'),
      },
      figures: {
        monthly_sales: '150000',
        gross_margin_percentage: '20',
        rent: '3000',
        salary: '4000',
        electricity_and_fuel: '1000',
        machinery_repairs: '500',
        transportation_and_petrol: '700',
        admin_operating_expenses: '300',
        others: '500',
      },
      remarks: 'Tailoring shop open, three machines',
    },
    {
      photos: { house_selfie_photo_file: await jpeg(context, 'House selfie with BCM') },
      figures: {
        house_rent: '2000',
        house_electricity_and_water: '800',
        food_expenses: '4000',
        education_expenses: '1000',
        medical_expenses: '500',
        insurance_premiums: '500',
        house_others: '200',
      },
    },
  ];
}
