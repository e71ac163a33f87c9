/** The asterisk after a required field's label (the legend explains it). */
export function RequiredMark() {
  return <span aria-hidden="true">*</span>;
}
