export type DropdownOption = { value: string; label: string };

/** Options whose label contains the search text, case and extra spaces ignored. */
export function filterOptions<T extends DropdownOption>(options: readonly T[], search: string): readonly T[] {
  const needle = search.trim().replace(/\s+/g, ' ').toLowerCase();
  if (needle === '') return options;
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}
