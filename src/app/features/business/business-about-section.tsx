import { businessCategoryList, categoriesOfSector, OTHER_SECTOR, type BusinessCategoryItem } from '../../../domain';
import { FormSection, SelectField, TextField, type FieldOption } from '../../components/form';
import { BUSINESS_TYPE_OPTIONS, sectorLabel, type BusinessBinding } from './business-fields';

type Props = {
  bound: BusinessBinding;
  /** The chosen sector: its categories are offered. */
  sector: string;
  categories: readonly BusinessCategoryItem[] | null | undefined;
};

/** The business itself: name, constitution, sector and category (the server's list, the domain's without it), years, Udyam. */
export function BusinessAboutSection({ bound, sector, categories }: Props) {
  const sectors = (categories && categories.length > 0 ? categories : businessCategoryList()) as readonly BusinessCategoryItem[];
  const sectorOptions: FieldOption[] = sectors.map((item) => ({ value: item.sector, label: sectorLabel(item.sector) }));
  const fromServer = sectors.find((item) => item.sector === sector)?.businessCategory;
  const categoryOptions: FieldOption[] = (fromServer ?? categoriesOfSector(sector)).map((c) => ({ value: c, label: c }));
  return (
    <FormSection legend="business.about" gridClassName="business-form__grid">
      <TextField {...bound('business_name')} label="business.name" autoComplete="organization" autoCapitalize="words" />
      <SelectField {...bound('business_type')} label="business.type" options={BUSINESS_TYPE_OPTIONS} />
      <SelectField {...bound('sector_of_business')} label="business.sector" options={sectorOptions} />
      {sector === OTHER_SECTOR && <TextField {...bound('sector_of_business_other')} label="business.sectorOther" autoComplete="off" />}
      <SelectField {...bound('category_of_business')} label="business.category" options={categoryOptions} />
      <TextField {...bound('years_in_business')} label="business.years" inputMode="numeric" autoComplete="off" />
      <TextField
        {...bound('udyam_regd_no')}
        label="business.udyam"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="UDYAM-XX-00-0000000"
      />
    </FormSection>
  );
}
