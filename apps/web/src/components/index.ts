// Shared UI building blocks (HOUSE-STYLE: src/components). Features import from here only.
export { DataTable, EMPTY_TEXT, type DataTableColumn, type DataTableProps } from './DataTable';
export { Paginator, pageWindow, pageSummary, PAGE_WINDOW, type PageInfo, type PaginatorProps } from './Paginator';
export { PagedTable, type PagedTableProps } from './PagedTable';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { MoneyText, moneyText, type MoneyTextProps } from './MoneyText';
export { DateText, dateText, type DateTextProps } from './DateText';
export { MaskedInput, type MaskedFieldProps, type MaskedInputProps } from './MaskedInput';
export { DocumentInput, type DocumentInputProps, type DocumentInputKind } from './DocumentInput';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export { CepField, type CepFieldProps } from './CepField';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
export {
  showResult,
  showError,
  confirmAction,
  RESULT_AUTO_CLOSE_MS,
  type ResultPayload,
  type ResultOptions,
  type ConfirmActionOptions,
} from './ResultDialog';
export { showAlert, ALERT_AUTO_CLOSE_MS } from './AlertBar';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Maintenance } from './Maintenance';
export { StatusBadge, statusColor, type StatusBadgeProps } from './StatusBadge';
export { CepInput, type CepInputProps, type CepLookupResult, type CepAddress } from './CepInput';
export { AddressFields, type AddressFieldsProps, type AddressValues } from './AddressFields';
export * from './DateField';
