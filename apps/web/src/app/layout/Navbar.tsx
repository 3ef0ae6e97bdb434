import { NavLink, ScrollArea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth';
import { systemConfigQuery } from '../../lib/lookups';
import { isSection, menuFor, type MenuLink } from '../menu';

function useChatUrl(): string {
  const { data } = useQuery(systemConfigQuery());
  return data?.chatUrl ?? '#';
}

/**
 * The menu entry of the current page: the longest menu path that is the pathname or a parent of
 * it, so /operacao/garantias/impressao lights "Impressão de Boletos" and not also "Garantias".
 */
export function activeMenuPath(pathname: string, paths: string[]): string | null {
  let best: string | null = null;
  for (const to of paths) {
    const matches = pathname === to || pathname.startsWith(`${to}/`);
    if (matches && (!best || to.length > best.length)) best = to;
  }
  return best;
}

function LinkItem({ link, active, onNavigate }: { link: MenuLink; active: boolean; onNavigate(): void }) {
  if (link.external) {
    return <NavLink component="a" href={link.to} target="_blank" rel="noopener noreferrer" label={link.label} />;
  }
  // A plain Link, not React Router's NavLink: that one marks every prefix of the URL
  // aria-current="page", which Mantine paints as active too — "Garantias" lit beside "Impressão de
  // Boletos" (issue 25). The one current entry is activeMenuPath's.
  return <NavLink component={RouterLink} to={link.to} label={link.label} active={active} aria-current={active ? 'page' : undefined} onClick={onNavigate} />;
}

export function Navbar({ onNavigate }: { onNavigate(): void }) {
  const user = useCurrentUser();
  const menu = menuFor(user, useChatUrl());
  const { pathname } = useLocation();
  const links = menu.flatMap((e) => (isSection(e) ? e.links : [e])).filter((l) => !l.external);
  const active = activeMenuPath(pathname, links.map((l) => l.to));
  return (
    <ScrollArea component="nav" aria-label="Menu principal">
      {menu.map((entry) =>
        isSection(entry) ? (
          <NavLink
            key={entry.label}
            component="button"
            label={entry.label}
            defaultOpened={entry.links.some((l) => l.to === active)}
            childrenOffset={12}
            fw={600}
          >
            {entry.links.map((l) => (
              <LinkItem key={l.to} link={l} active={l.to === active} onNavigate={onNavigate} />
            ))}
          </NavLink>
        ) : (
          <LinkItem key={entry.label} link={entry} active={entry.to === active} onNavigate={onNavigate} />
        ),
      )}
    </ScrollArea>
  );
}
