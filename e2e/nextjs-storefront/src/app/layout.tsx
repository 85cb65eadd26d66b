import { Metadata } from "next"
import "./styles.css"

export const metadata: Metadata = { title: "Tikkie test storefront" }

export default function RootLayout(props: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main className="relative">{props.children}</main>
      </body>
    </html>
  )
}
