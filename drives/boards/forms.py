"""The boards page's forms: the plan, dealing by the site, a PBN file to import."""

from django import forms
from django.utils.translation import gettext_lazy as _

from drives.boards.services import MOST_BOARDS, SEED_BITS
from drives.models import BoardPlan


class PlanForm(forms.ModelForm):
    version = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = BoardPlan
        fields = ["source", "method", "even_tables"]
        widgets = {
            "source": forms.RadioSelect,
            "method": forms.RadioSelect,
            "even_tables": forms.RadioSelect,
        }
        help_texts = {
            "method": _(
                "Compass: each pair's tricks against the average of its direction on the "
                "board. Matchpoints: 2 for each pair beaten, 1 for each tie, as a percentage."
            ),
            "even_tables": _(
                "Only a Mitchell with an even number of tables needs one. With an odd "
                "number of pairs it is always the relay, the empty table being the one that "
                "would share: no pair sits out twice."
            ),
        }


class DealForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput)
    count = forms.IntegerField(label=_("Number of boards"), min_value=1, max_value=MOST_BOARDS)
    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=2**SEED_BITS - 1,
        help_text=_(
            "Leave empty for new boards; give a recorded seed to deal the same boards again."
        ),
    )


class ImportForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput)
    file = forms.FileField(label=_("PBN file"))

    #: Far more than a drive's boards with every table's results.
    MOST_BYTES = 2_000_000

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MOST_BYTES:
            raise forms.ValidationError(_("The file is too large for a drive's boards."))
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            # PBN's own encoding before UTF-8 was ISO-8859-1, which decodes any bytes.
            return raw.decode("latin-1")
