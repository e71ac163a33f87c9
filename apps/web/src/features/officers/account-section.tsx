import { FormPanel } from '../../components/form/form-panel.tsx';

/** A titled panel of the account page, with an anchor to link to. */
export function Section({ id, anchor, title, children }: { id: string; anchor?: string; title: string; children: React.ReactNode }) {
  return (
    <section id={anchor} aria-labelledby={id} className="scroll-mt-24">
      <FormPanel>
        <h2 id={id} className="mb-4 text-2xl font-bold text-navy-800">
          {title}
        </h2>
        {children}
      </FormPanel>
    </section>
  );
}
