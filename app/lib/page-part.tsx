import { createContext, useContext, type ReactNode } from "react";

export interface PagePartProps {
  name: string;
  children: ReactNode;
}

/** How the page shell renders a named part (root.tsx hydrates them in turns); by default as is. */
export const PagePartRenderer = createContext<((part: PagePartProps) => ReactNode) | null>(null);

/** A named part of the page that the shell may hydrate on its own. Its child renders one element. */
export function PagePart(part: PagePartProps) {
  const render = useContext(PagePartRenderer);
  return render ? render(part) : part.children;
}
