export {
  allowanceStatus,
  returnAllowance,
  takeAllowance,
  type AllowanceKind,
  type AllowanceStatus,
  type AllowanceUse,
} from './allowances';
export { admitProviderSearches, admitScan, type ScanAdmission } from './scan-admission';
export { releaseScanSlot, takeScanSlot } from './scan-slot';
export { takeSubmission } from './submissions';
export { CHAT_LIMIT, takeChatMessage } from './rate-limits';
