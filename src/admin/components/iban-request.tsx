import { Button, Drawer, Input, Label, Text, Textarea, toast } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { storeErrorText } from "../lib/store-error"
import { useFormat } from "../lib/use-format"
import { useAdminData } from "../lib/use-admin-data"
import { useTikkieT } from "../lib/use-tikkie-t"
import type { RefundOwedView } from "./refund-owed-row"

interface IbanRequestAnswer {
  iban_request: { to: string | null; language: "nl" | "en"; subject: string; text: string; can_send: boolean }
}

/** A mailto: link with the prepared e-mail (CRLF line breaks, as RFC 6068 asks). */
function mailto(to: string | null, subject: string, text: string) {
  const q = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text.replace(/\r?\n/g, "\r\n"))}`
  return `mailto:${to ? encodeURIComponent(to) : ""}?${q}`
}

/** The prepared e-mail, in the language chosen, with the ways it can go: the store's e-mail provider or a mail program. */
function IbanRequestBody({ refund, close, done }: { refund: RefundOwedView; close: () => void; done: () => void }) {
  const { t } = useTikkieT()
  const { money } = useFormat()
  const [language, setLanguage] = useState<"nl" | "en">()
  const prepared = useAdminData<IbanRequestAnswer>(
    `/admin/tikkie/refunds-owed/${refund.id}/iban-request${language ? `?language=${language}` : ""}`
  )
  const [busy, setBusy] = useState(false)
  const request = prepared.data?.iban_request
  const record = async (via: "email" | "mailto") => {
    if (!request) return
    setBusy(true)
    try {
      await adminFetch(`/admin/tikkie/refunds-owed/${refund.id}/iban-request`, {
        method: "POST",
        body: { language: request.language, via },
      })
      toast.success(
        via === "email"
          ? t("refundsOwed.ibanRequest.sent", { to: request.to ?? "" })
          : t("refundsOwed.ibanRequest.recorded")
      )
      close()
      done()
    } catch (e) {
      toast.error(t("refundsOwed.ibanRequest.failed"), { description: storeErrorText(e, { t, money }).text })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
        <Text size="small" className="text-ui-fg-subtle">
          {t("refundsOwed.ibanRequest.description")}
        </Text>
        <div className="flex items-center gap-x-2">
          <Text size="small">{t("refundsOwed.ibanRequest.language")}</Text>
          {(["nl", "en"] as const).map((l) => (
            <Button
              key={l}
              size="small"
              variant={request?.language === l ? "primary" : "secondary"}
              onClick={() => setLanguage(l)}
            >
              {l === "nl" ? "Nederlands" : "English"}
            </Button>
          ))}
        </div>
        {prepared.error && (
          <Text size="small" className="text-ui-fg-error">
            {storeErrorText(prepared.failure, { t, money }).text}
          </Text>
        )}
        {request && (
          <>
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("refundsOwed.ibanRequest.to")}</Label>
              <Input
                size="small"
                readOnly
                value={request.to ?? ""}
                placeholder={t("refundsOwed.ibanRequest.noEmail")}
              />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("refundsOwed.ibanRequest.subject")}</Label>
              <Input size="small" readOnly value={request.subject} data-testid="tikkie-iban-request-subject" />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small">{t("refundsOwed.ibanRequest.text")}</Label>
              <Textarea readOnly rows={13} value={request.text} data-testid="tikkie-iban-request-text" />
            </div>
            {!request.can_send && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("refundsOwed.ibanRequest.noProvider")}
              </Text>
            )}
          </>
        )}
      </Drawer.Body>
      <Drawer.Footer>
        {request && (
          <>
            <Button size="small" variant="secondary" asChild>
              <a
                href={mailto(request.to, request.subject, request.text)}
                onClick={() => void record("mailto")}
                data-testid="tikkie-iban-request-mailto"
              >
                {t("refundsOwed.ibanRequest.openMailProgram")}
              </a>
            </Button>
            {request.can_send && request.to && (
              <Button size="small" isLoading={busy} onClick={() => record("email")}>
                {t("refundsOwed.ibanRequest.send")}
              </Button>
            )}
          </>
        )}
      </Drawer.Footer>
    </>
  )
}

/** "Ask for IBAN": opens the prepared e-mail to the payer in a drawer. */
export function IbanRequest({ refund, done }: { refund: RefundOwedView; done: () => void }) {
  const { t } = useTikkieT()
  const [open, setOpen] = useState(false)
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" className="self-start">
          {refund.iban_requested_at ? t("refundsOwed.askIbanAgain") : t("refundsOwed.askIban")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{t("refundsOwed.ibanRequest.title")}</Drawer.Title>
        </Drawer.Header>
        {open && <IbanRequestBody refund={refund} close={() => setOpen(false)} done={done} />}
      </Drawer.Content>
    </Drawer>
  )
}
