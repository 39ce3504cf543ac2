// The generic list/detail/form toolkit of the core host. Plugins import from here;
// docs/plugins.md ("The toolkit") documents each piece.
export { DataTable, type Column, type DataTableProps } from './data-table.tsx';
export { FilterPanel } from './filter-panel.tsx';
export { FilterTemplates, templatesApi } from './filter-templates.tsx';
export { useList, type ListResult } from './use-list.ts';
export {
  buildListParams, dropEmpty, filterParams, initialListState, listReducer, nextSort, pageCount,
  DEFAULT_PER, DEFAULT_PER_OPTIONS, type FilterDef, type FilterKind, type Filters, type ListState, type RangeValue,
} from './list-query.ts';
export { serverFieldErrors } from './server-errors.ts';
export { ResourceForm, type FieldDef, type FieldKind, type ResourceFormProps } from './resource-form.tsx';
export { superstructResolver, required, minLength, maxLength, email, pattern, min, max, numberLike, file } from './superstruct-resolver.ts';
export { DetailView, type DetailField } from './detail-view.tsx';
export { Field } from './field.tsx';
export { confirm, ConfirmHost, ConfirmClosed, confirmLabels, type ConfirmOptions, type ConfirmResult } from './confirm-dialog.tsx';
export { NoResults } from '../screens/no-results.tsx';
export { Skeleton, SkeletonRows, SkeletonChart, SKELETON_SIZES } from '../screens/skeleton.tsx';
export { AlertFallback } from '../screens/alert-fallback.tsx';
export { notify } from '../notify/toasts.tsx';
export { formatDate, formatDateTime, formatTime } from '../prefs/date-format.ts';
