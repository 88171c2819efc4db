/** What every category picker variant takes: the paths to offer and the selected path. */
export interface CategoryPickerProps {
  /** Category paths (' > ' between levels). */
  categories: readonly string[];
  /** The selected path; null for all categories. */
  value: string | null;
  onChange: (path: string | null) => void;
  /** The field's accessible label. Default 'Category'. */
  label?: string;
}

/** What a picker shows for "no category filter". */
export const ALL_CATEGORIES = 'All categories';
