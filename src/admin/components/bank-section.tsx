import { Badge, Button, Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { useConsentConnection } from "../lib/use-consent-connection"
import { useAdminData } from "../lib/use-admin-data"
import { ConnectionButtons } from "./connection-buttons"
import { ConsentHint } from "./consent-hint"
import { SectionState } from "./section-state"
import type {
  AdminTikkieBankNotice,
  AdminTikkieBankResponse,
  AdminTikkieBankTransactionsResponse,
  Json,
} from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { groupedIban } from "../lib/iban"

type BankView = Json<AdminTikkieBankResponse>
type TransactionsView = Json<AdminTikkieBankTransactionsResponse>

/**
 * The connected bank account: status, IBAN, scopes, balance and the latest transactions, with Connect
 * (opens the bank's consent page in a new tab; the bank sends the browser back to the store's callback
 * page there) and Disconnect.
 */
export function BankSection() {
  const { t } = useTikkieT()
  const { money, dateTime, day } = useFormat()
  const bank = useAdminData<BankView>("/admin/tikkie/bank")
  const conn = bank.data?.connection
  const canReadTransactions = conn?.status === "connected" && conn.scopes.includes("transactions")
  const txs = useAdminData<TransactionsView>(canReadTransactions ? "/admin/tikkie/bank/transactions" : null)
  const { busy, consentUrl, connect, disconnect } = useConsentConnection({
    connectPath: "/admin/tikkie/bank/connect",
    disconnectPath: "/admin/tikkie/bank",
    what: t("bank.what"),
    disconnectDescription: t("bank.disconnectDescription"),
    onChange: bank.reload,
    connected: conn?.status === "connected",
  })

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0" data-testid="tikkie-bank-section">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h2">{t("bank.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("bank.subtitle")}
            </Text>
          </div>
          <div className="flex gap-x-2">
            <Button
              size="small"
              variant="secondary"
              onClick={() => (bank.reload(), txs.reload())}
              disabled={bank.loading}
            >
              {t("common.refresh")}
            </Button>
            <ConnectionButtons
              status={conn?.status}
              canConnect={!bank.error}
              busy={busy}
              connect={connect}
              disconnect={disconnect}
              testId="tikkie-bank-connect"
            />
          </div>
        </div>
        {consentUrl && conn?.status !== "connected" && <ConsentHint url={consentUrl} />}
        <SectionState loading={bank.loading && !bank.data} error={bank.error} />
        {bank.data && (
          <div className="grid grid-cols-2 gap-4 px-6 py-4 text-ui-fg-subtle">
            <Field label={t("bank.status")}>
              {conn ? (
                <StatusBadge color={conn.status === "connected" ? "green" : "orange"} data-testid="tikkie-bank-status">
                  {conn.status === "connected" ? t("bank.connected") : t("bank.needsConsent")}
                </StatusBadge>
              ) : (
                <StatusBadge color="grey" data-testid="tikkie-bank-status">
                  {t("bank.notConnected")}
                </StatusBadge>
              )}
            </Field>
            <Field label={t("bank.iban")}>
              {conn ? <span data-testid="tikkie-bank-iban">{groupedIban(conn.account_number)}</span> : "—"}
            </Field>
            <Field label={t("bank.accountHolder")}>{bank.data.details?.account_holder_name ?? "—"}</Field>
            <Field label={t("bank.balance")}>
              <span data-testid="tikkie-bank-balance">
                {bank.data.balance ? money(bank.data.balance.amount_in_cents, bank.data.balance.currency) : "—"}
              </span>
            </Field>
            <Field label={t("bank.scopes")}>
              {conn ? (
                <div className="flex flex-wrap gap-1">
                  {conn.scopes.map((s) => (
                    <Badge key={s} size="2xsmall" title={s}>
                      {t(`bank.scopeNames.${s}`)}
                    </Badge>
                  ))}
                </div>
              ) : (
                "—"
              )}
            </Field>
            <Field label={t("bank.lastReconciled")}>
              {/* "never" only of a connected account: with none there is nothing to reconcile. */}
              <span data-testid="tikkie-bank-last-reconciled">
                {!conn ? "—" : conn.last_synced_at ? dateTime(conn.last_synced_at) : t("common.never")}
              </span>
            </Field>
          </div>
        )}
        {bank.data?.notices.length ? (
          <div className="px-6 py-4">
            {bank.data.notices.map((n) => (
              <Text key={n.message} size="small" className="text-ui-fg-subtle" data-testid="tikkie-bank-message">
                {noticeText(n, t)}
              </Text>
            ))}
          </div>
        ) : null}
      </Container>
      {conn?.status === "connected" && (
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">{t("bank.latestTransactions")}</Heading>
          </div>
          {canReadTransactions ? (
            <>
              <SectionState
                loading={txs.loading && !txs.data}
                error={txs.error}
                empty={txs.data && !txs.data.transactions.length ? t("bank.noTransactions") : undefined}
              />
              {!!txs.data?.transactions.length && (
                <Table data-testid="tikkie-bank-transactions">
                  <Table.Header>
                    <Table.Row>
                      <Table.HeaderCell>{t("bank.bookDate")}</Table.HeaderCell>
                      <Table.HeaderCell>{t("bank.counterparty")}</Table.HeaderCell>
                      <Table.HeaderCell>{t("bank.description")}</Table.HeaderCell>
                      <Table.HeaderCell className="text-right">{t("bank.amount")}</Table.HeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {txs.data.transactions.map((tx) => (
                      <Table.Row key={tx.transaction_id}>
                        <Table.Cell>{day(tx.book_date)}</Table.Cell>
                        <Table.Cell>{tx.counter_party_name ?? "—"}</Table.Cell>
                        <Table.Cell className="max-w-[320px] truncate" title={tx.description_lines.join(" · ")}>
                          {tx.description_lines.join(" · ") || "—"}
                        </Table.Cell>
                        <Table.Cell className="text-right">{money(tx.amount_in_cents, tx.currency)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table>
              )}
            </>
          ) : (
            <SectionState empty={t("bank.noTransactionsScope")} />
          )}
        </Container>
      )}
    </div>
  )
}

/** The store's notice about the account (a code), in the admin's language. */
function noticeText(n: Json<AdminTikkieBankNotice>, t: ReturnType<typeof useTikkieT>["t"]): string {
  switch (n.code) {
    case "scope_missing":
      return t("bank.notices.scope_missing", { scope: t(`bank.scopeNames.${n.scope}`) })
    case "bank_refused":
      return t("bank.notices.bank_refused", { message: n.message })
    default:
      return t(`bank.notices.${n.code}`)
  }
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-y-1">
      <Text size="small" leading="compact" weight="plus" className="text-ui-fg-base">
        {label}
      </Text>
      <div className="txt-small">{children}</div>
    </div>
  )
}
