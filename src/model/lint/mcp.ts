import { toolLabel } from './context';
import { pointer } from './pointer';
import type { Finding, LintContext } from './types';

const SECRET_REFERENCE = /\{\{\s*secret:[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\b/gi;
/**
 * Headers that describe the request rather than authorise it. Their values are not secrets, and
 * asking for `{{secret:…}}` there would be wrong advice.
 */
const DESCRIPTIVE_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

/** A header value made only of `{{secret:NAME}}` references and an auth scheme word holds no credential. */
export function holdsLiteralCredential(value: string): boolean {
  return value.replace(SECRET_REFERENCE, '').replace(AUTH_SCHEME, '').trim() !== '';
}

/** mcp servers: where the tool goes, what it may call, and no secret written into the document. */
export function checkMcp(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.tools.forEach((tool, i) => {
    if (tool.kind !== 'mcp') return;
    const entity = { kind: 'tool' as const, id: tool.id };
    const label = toolLabel(tool, i);
    const mcp = tool.mcp;
    if (!mcp) {
      out.push({
        rule: 'mcp-server-missing', path: pointer('tools', i), entity,
        message: `mcp ${label} has no server; write its label and URL, e.g. ehr and https://mcp.example.com/mcp`,
      });
      return;
    }
    if (!mcp.serverLabel.trim()) {
      out.push({
        rule: 'mcp-server-missing', path: pointer('tools', i, 'mcp', 'serverLabel'), entity,
        message: `mcp ${label} has no server label; write a short one-word name for the server, e.g. ${tool.name || 'ehr'}`,
      });
    }
    if (!URL.canParse(mcp.serverUrl.trim())) {
      out.push({
        rule: 'mcp-server-missing', path: pointer('tools', i, 'mcp', 'serverUrl'), entity,
        message: `mcp ${label}: ${mcp.serverUrl.trim() ? `${mcp.serverUrl} is not a URL` : 'no server URL'}; write the server's address, e.g. https://mcp.example.com/mcp`,
      });
    }
    if (mcp.allowedTools.length === 0) {
      out.push({
        rule: 'mcp-allowed-tools-empty', path: pointer('tools', i, 'mcp', 'allowedTools'), entity,
        message: `mcp ${label} allows no server tool, so the model can call nothing on ${mcp.serverLabel || 'the server'}; list the tools it may call, e.g. lookup_patient`,
      });
    }
    for (const [name, value] of Object.entries(mcp.headers)) {
      if (DESCRIPTIVE_HEADERS.has(name.toLowerCase()) || !holdsLiteralCredential(value)) continue;
      out.push({
        rule: 'mcp-header-credential', path: pointer('tools', i, 'mcp', 'headers', name), entity,
        message: `mcp ${label}: header ${name} holds a literal value, which would be saved and exported with the agent; write {{secret:NAME}} (e.g. Bearer {{secret:${secretName(tool.name)}}}) and set the value under LLM & secrets`,
      });
    }
  });
  return out;
}

const secretName = (toolName: string) => `${toolName.replace(/\W+/g, '_').toUpperCase() || 'MCP'}_TOKEN`;
