/**
 * A visitor's data on request, for admins: the export of everything stored about an address, its
 * erasure, the audit log of both, and the data settings (the retention period).
 */
import {
  auditLogListSchema,
  operationsSettingsSchema,
  visitorEraseAnswerSchema,
  visitorExportSchema,
} from "@hourline/contracts/visitor-data";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function exportVisitorData(email: string) {
  return consoleApi.get(consoleEndpoints.visitorExport(email), visitorExportSchema);
}

export function eraseVisitorData(email: string) {
  return consoleApi.delete(consoleEndpoints.visitor(email), visitorEraseAnswerSchema);
}

export function fetchAuditLog() {
  return consoleApi.get(consoleEndpoints.auditLog, auditLogListSchema);
}

export function fetchOperationsSettings() {
  return consoleApi.get(consoleEndpoints.operations, operationsSettingsSchema);
}
