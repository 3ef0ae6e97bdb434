// Shared UI building blocks (HOUSE-STYLE: src/components). Features import from here only.
export { DataTable, EMPTY_TEXT, NAME_MAX_WIDTH, type ColumnKind, type DataTableColumn, type DataTableProps } from './DataTable';
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
  ResultIcon,
  confirmAction,
  RESULT_AUTO_CLOSE_MS,
  type ResultPayload,
  type ResultOptions,
  type ConfirmActionOptions,
} from './ResultDialog';
export { showAlert, TimedAlert, ALERT_AUTO_CLOSE_MS, type TimedAlertProps } from './AlertBar';
export { FormActions, type FormActionsProps } from './FormActions';
export { InlineForm, type InlineFormProps } from './InlineForm';
export { Section, type SectionProps } from './Section';
export { ServerHtml, type ServerHtmlProps } from './ServerHtml';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Maintenance } from './Maintenance';
export { StatusBadge, statusColor, WHOLE_BADGE, type StatusBadgeProps } from './StatusBadge';
export { CepInput, type CepInputProps, type CepLookupResult, type CepAddress } from './CepInput';
export { AddressFields, type AddressFieldsProps, type AddressValues } from './AddressFields';
export * from './DateField';
export { DuplicataDropzone, DUPLICATA_MSG, MAX_DUPLICATAS } from './DuplicataDropzone';
export { DuplicatasEnviadas, duplicatasKey, duplicatasQuery } from './DuplicatasEnviadas';
export { BoletoBancoPanel, situacaoNoBanco, podeRegistrarDeNovo, type BoletoBancoPanelProps } from './BoletoBancoPanel';
