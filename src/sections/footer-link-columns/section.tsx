import { useId, type CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import type { FooterLinkColumnsSettings } from '../../shared/layout/types';
import { domainAtom } from '../../client/api/website';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { ContactList } from '../../client/components/chrome/contact-list';
import { FooterList } from '../../client/section-kit/chrome/footer-list';
import '../../client/section-kit/chrome/footer.css';

/** SPEC §2 footer variant of titled columns (e.g. Categories, Contact us, Links), each links and/or the domain contact. */
function FooterLinkColumns({ settings }: SectionProps<FooterLinkColumnsSettings, never>) {
  const footerText = useAtomValue(domainAtom).footer_text?.trim();
  const ids = useId();
  return (
    <div className="footer-columns">
      <div className="footer-columns-inner" style={{ '--footer-columns': settings.columns.length } as CSSProperties}>
        {settings.columns.map((column, i) => (
          <FooterList
            key={`${i}-${column.title}`}
            title={column.title}
            titleId={`${ids}-${i}`}
            query={null}
            links={column.links}
            skeletonRows={0}
            errorText=""
          >
            {column.showContact && <ContactList />}
          </FooterList>
        ))}
      </div>
      {footerText && (
        <div className="footer-columns-bottom">
          <div className="footer-columns-bottom-inner">
            <p className="footer-columns-text">{footerText}</p>
          </div>
        </div>
      )}
    </div>
  );
}

export default defineSection('footer-link-columns', { component: FooterLinkColumns });
