"""The table page's own form: the other side agreeing with figures already sent. The forms
a side sends its figures with are its drive's game's (``drives.games``)."""

import uuid

from django import forms


class ConfirmForm(forms.Form):
    entry = forms.IntegerField(widget=forms.HiddenInput)
    submission = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("submission", uuid.uuid4())
        super().__init__(*args, **kwargs)
