import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "outline";
export type ButtonSize = "sm" | "touch" | "md" | "lg" | "icon";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 shadow-sm",
  secondary: "bg-white text-ink-900 hover:bg-ink-100 shadow-sm",
  outline: "border border-current bg-transparent hover:bg-white/10",
  ghost: "bg-transparent hover:bg-ink-100",
};

// A minimum height, so a label that wraps on a 320 px phone grows its pill instead of spilling
// over it; the padding keeps a one-line button exactly as tall as before.
const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  // Small text on a finger's target (44 px, WCAG 2.5.5): the chat's actions on a phone.
  touch: "min-h-11 px-3 py-2 text-sm",
  md: "min-h-11 px-5 py-2 text-base",
  lg: "min-h-12 px-6 py-2 text-lg",
  icon: "h-11 w-11",
};

/** Class names of a button, so links can look like buttons without pretending to be one. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold transition-colors",
    "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    "disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
