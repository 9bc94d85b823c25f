"""django-filter sets: which evenings the standings cover, and of which game family."""
import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from .models import Evening, Season, Table


class EveningFilter(django_filters.FilterSet):
    family = django_filters.ChoiceFilter(label=pgettext_lazy("spillet", "Spil"), method="filter_family", empty_label=None)
    season = django_filters.ModelChoiceFilter(label=_("Sæson"), queryset=Season.objects.none(), empty_label=_("alle"))
    date_from = django_filters.DateFilter(field_name="date", lookup_expr="gte", label=_("Fra"),
                                          widget=forms.DateInput(attrs={"type": "date"}))
    date_to = django_filters.DateFilter(field_name="date", lookup_expr="lte", label=_("Til"),
                                        widget=forms.DateInput(attrs={"type": "date"}))
    include_open = django_filters.BooleanFilter(label=_("Medtag åbne aftener"), method="filter_open",
                                                widget=forms.CheckboxInput)

    class Meta:
        model = Evening
        fields = ["season", "date_from", "date_to", "include_open"]

    def __init__(self, data=None, *args, club=None, families=(), family=None, **kwargs):
        """``families``: (name, label) of every game family the club has played; with more than one
        the filter offers a picker, defaulting to ``family`` (the club's own game), and covers the
        evenings with a table of the chosen family. With one family there is no picker."""
        if data is not None and len(families) > 1 and data.get("family") not in dict(families):
            data = data.copy()
            data["family"] = family
        super().__init__(data, *args, **kwargs)
        self.filters["season"].queryset = Season.objects.filter(club=club)
        self.default_family = family
        if len(families) > 1:
            self.filters["family"].extra["choices"] = list(families)
            self.filters = {"family": self.filters.pop("family"), **self.filters}   # the picker first
        else:
            del self.filters["family"]

    @property
    def chosen_family(self) -> str | None:
        """The game family chosen (the default when none or an unknown one was asked for)."""
        if "family" in self.filters and self.is_valid():
            return self.form.cleaned_data.get("family") or self.default_family
        return self.default_family

    @property
    def qs(self):
        evenings = super().qs
        if not self.form.cleaned_data.get("include_open"):
            evenings = evenings.filter(closed_at__isnull=False)
        if "family" not in self.filters and self.default_family:
            evenings = self.filter_family(evenings, "family", self.default_family)
        return evenings

    def filter_open(self, queryset, name, value):
        return queryset  # applied in ``qs``: closed evenings only unless asked

    def filter_family(self, queryset, name, value):
        """The evenings with a table of the family ``value``."""
        return queryset.filter(pk__in=Table.objects.filter(family=value).values("evening_id")) if value else queryset
