import type * as React from "react"
import { Dialog as SheetPrimitive } from "radix-ui"
import { cva } from "class-variance-authority"
import type { VariantProps } from "class-variance-authority"
import { XIcon } from "lucide-react"

import { cn } from "../lib/utils.ts"

/** A drawer that slides in from the left or right edge (built on Radix Dialog), e.g. the mobile menu. */
export function Sheet({ ...props }: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />
}

/** The element that opens the sheet; use `asChild` to reuse a `Button`. */
export function SheetTrigger({ ...props }: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />
}

/** Any element that closes the sheet (e.g. wrap menu links with `asChild` so navigating closes it). */
export function SheetClose({ ...props }: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />
}

/** Renders the sheet's parts into `document.body`. */
export function SheetPortal({ ...props }: React.ComponentProps<typeof SheetPrimitive.Portal>) {
  return <SheetPrimitive.Portal data-slot="sheet-portal" {...props} />
}

/** The dimmed backdrop behind the sheet. */
export function SheetOverlay({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  )
}

/** Class names of the sheet panel for each `side` (left or right). */
export const sheetVariants = cva(
  "fixed inset-y-0 z-50 flex h-full w-3/4 max-w-sm flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg outline-none",
  {
    variants: {
      side: {
        left: "left-0 border-r data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left",
        right:
          "right-0 border-l data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right",
      },
    },
    defaultVariants: {
      side: "right",
    },
  },
)

/** The sliding panel, with a "Close" button in its corner unless `showCloseButton` is false. */
export function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> &
  VariantProps<typeof sheetVariants> & {
    showCloseButton?: boolean
  }) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close
            data-slot="sheet-close"
            className={cn(
              "absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground transition-[color,background-color,box-shadow]",
              "hover:bg-accent hover:text-accent-foreground",
              "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              "disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-5",
            )}
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPortal>
  )
}

/** The sheet's title and description area (leaves room for the close button). */
export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-header"
      className={cn("flex flex-col gap-1.5 p-4 pr-14", className)}
      {...props}
    />
  )
}

/** The sheet's bottom area, pushed to the end of the panel. */
export function SheetFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-footer"
      className={cn("mt-auto flex flex-col gap-2 p-4", className)}
      {...props}
    />
  )
}

/** The sheet's accessible title (required by Radix; hide it with `className="sr-only"` if needed). */
export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn("text-xl leading-tight font-semibold text-foreground", className)}
      {...props}
    />
  )
}

/** The sheet's accessible description. */
export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn("text-base text-muted-foreground", className)}
      {...props}
    />
  )
}
