"""Each table has a link for each side. Links made before have no side: they stay good
(printed cards on the tables keep opening their table for both sides) until withdrawn."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("drives", "0021_drive_round_timer_starts"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="tablelink",
            name="table_link_one_live_per_table",
        ),
        migrations.AddField(
            model_name="tablelink",
            name="side",
            field=models.CharField(
                blank=True, choices=[("NS", "N–S"), ("EW", "E–W")], default="", max_length=2
            ),
            preserve_default=False,
        ),
        migrations.AlterModelOptions(
            name="tablelink",
            options={"ordering": ["table", "-side"]},
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)),
                fields=("drive", "table", "side"),
                name="table_link_one_live_per_side",
            ),
        ),
    ]
